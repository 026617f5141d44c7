import type { CodeText } from './text.js';

/** Default texts of refunds, invoices, subscriptions, test clocks and keys. */
export const BILLING_TEXT = {
  refund_exceeds_payment: { en: 'The refund exceeds the payment', zh: '退款金额超过付款金额' },
  refund_exceeds_refundable: { en: 'The refund exceeds what is left to refund', zh: '退款金额超过可退金额' },
  refund_no_payer: { en: 'There is no payer to refund', zh: '没有可退款的付款人' },
  refund_no_payment: { en: 'There is no payment to refund', zh: '没有可退款的付款' },
  refund_not_refundable: { en: 'This payment cannot be refunded', zh: '该付款不可退款' },
  invoice_state_invalid: { en: 'The invoice cannot do this in its state', zh: '该账单当前状态不允许此操作' },
  nothing_overdue: { en: 'Nothing is overdue', zh: '没有逾期款项' },
  subscription_state_invalid: {
    en: 'The subscription cannot do this in its state',
    zh: '该订阅当前状态不允许此操作',
  },
  subscription_price_not_switchable: {
    en: 'This subscription cannot be switched to that price',
    zh: '该订阅不能切换到此价格',
  },
  test_clock_backwards: { en: 'A test clock cannot go backwards', zh: '测试时钟不能回拨' },
  test_clock_livemode: { en: 'Test clocks exist only in test mode', zh: '测试时钟仅在测试模式下可用' },
  test_clock_advance_too_far: {
    en: 'A test clock moves at most two years per advance',
    zh: '测试时钟每次最多拨动两年',
  },
  meter_event_name_taken: {
    en: 'A meter with this event name already exists',
    zh: '已存在使用此事件名称的计量器',
  },
  meter_inactive: { en: 'The meter is inactive', zh: '该计量器已停用' },
  meter_event_timestamp_invalid: {
    en: 'The event time is outside what can still be billed',
    zh: '事件时间超出可计费范围',
  },
  credit_insufficient: { en: 'Insufficient Credit', zh: '积分不足' },
  credit_grant_state_invalid: {
    en: 'The credit grant cannot do this in its state',
    zh: '该积分授予当前状态不允许此操作',
  },
  key_managed_by_environment: {
    en: 'This key is set by the environment',
    zh: '该密钥由运行环境设置',
  },
} as const satisfies Record<string, CodeText>;
