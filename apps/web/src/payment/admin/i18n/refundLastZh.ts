import type { refundLastEn } from './refundLastEn';

/** “退还最近一笔付款”订阅操作的文案（payment.admin.refundLast）。 */
export const refundLastZh: typeof refundLastEn = {
  label: '退还最近一笔付款',
  title: '退还 {{id}} 的最近一笔付款？',
  text: '此订阅最近一笔成功的付款中尚未退款的全部金额将退回给付款账户。订阅本身不会改变。',
  reason: '原因',
  confirm: '退款',
  done: '退款已创建，将通过该付款的渠道退回。',
};
