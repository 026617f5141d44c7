import type { CatalogEntry } from './error-catalog-entry.js';

/**
 * Refusals of the money paths built on payment intents: underpaid transfers, the customer portal's
 * overdue bulk pay, refunds, and what a customer may change on their own subscription.
 */
export const BILLING_MESSAGES = {
  // A transfer made for the payment that pays less than its frozen amount (intents/settle.ts).
  underpaid: {
    code: 'underpaid',
    en: 'This transfer paid {received} of the {amount} due, so it was not counted; it will be refunded to the account that sent it. Please pay the full amount.',
    zh: '这笔转账只支付了应付 {amount} 中的 {received}，未计入付款；将退回到付款账户。请支付全额。',
  },
  // The customer portal (portal/): overdue bulk pay and the customer lookups.
  portal_customer_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: "No such customer: '{id}'",
    zh: "客户不存在：'{id}'",
  },
  refund_no_transfer: {
    code: 'refund_no_payment',
    en: 'This refund names no received transfer',
    zh: '此退款没有对应的已收款转账',
  },
  refund_not_awaiting_signature: {
    code: 'parameter_invalid',
    en: 'The refund is {status}, not waiting for a signature',
    zh: '该退款状态为 {status}，不在等待签名',
  },
  refund_sent_by_rail: {
    code: 'rail_unsupported',
    en: 'This method sends its refunds itself',
    zh: '此支付方式会自行发送退款',
  },
  test_wallet_test_mode_only: {
    code: 'rail_unsupported',
    en: 'The test wallet pays test-mode checkouts only',
    zh: '测试钱包只支付测试模式的结账',
  },
  test_wallet_not_waiting: {
    code: 'parameter_invalid',
    en: 'This checkout is not waiting for a payment; submit it first',
    zh: '此结账没有在等待付款，请先提交',
  },
  method_rail_problem: {
    code: 'rail_misconfigured',
    en: '{problem}',
    zh: '支付方式无法使用：{problem}',
  },
  rail_webhook_signature: {
    code: 'webhook_signature_invalid',
    en: '{detail}',
    zh: 'Webhook 签名无效：{detail}',
  },
  overdue_scope_missing: {
    code: 'parameter_missing',
    en: 'Either subscriptionId or customerId must be provided',
    zh: '请提供 subscriptionId 或 customerId',
  },
  overdue_nothing: {
    code: 'nothing_overdue',
    en: 'No overdue invoices to pay in this currency',
    zh: '该币种没有需要支付的逾期账单',
  },
  overdue_not_supported: {
    code: 'not_supported',
    en: 'This payment method is not supported',
    zh: '不支持此支付方式',
  },
  overdue_in_progress: {
    code: 'payment_in_progress',
    en: 'A payment of these invoices is already in progress',
    zh: '这些账单的支付正在进行中',
  },
  // Refunds created by the merchant (payment/admin-views/refund-create.ts).
  refund_not_refundable: {
    code: 'refund_not_refundable',
    en: 'Only a succeeded payment can be refunded (this one is {status})',
    zh: '只有成功的付款可以退款（此付款状态为 {status}）',
  },
  refund_no_payer: {
    code: 'refund_no_payer',
    en: 'This payment has no known paying account to send a refund to',
    zh: '此付款没有可退回的付款账户',
  },
  refund_exceeds_refundable: {
    code: 'refund_exceeds_refundable',
    en: 'At most {limit} of this payment can still be refunded',
    zh: '此付款最多还可退款 {limit}',
  },
  // A subscription's currency or payment method for future invoices (billing/subscriptions/actions.ts).
  subscription_currency_unsupported: {
    code: 'currency_not_supported',
    en: 'This subscription cannot be billed in {currency}: its prices are not available in that currency',
    zh: '该订阅无法以 {currency} 计费：其价格不支持该币种',
  },
  // A customer's plan change in the portal (flows/plan-options.ts): only to another price of the
  // subscription's product or to a price the merchant marked switchable.
  sub_price_not_switchable: {
    code: 'subscription_price_not_switchable',
    en: 'You cannot switch this subscription to price {price}: choose another price of the same product or a plan offered for switching',
    zh: '无法将此订阅切换到价格 {price}：请选择同一产品的其他价格或商家提供切换的方案',
  },
  subscription_method_unsupported: {
    code: 'payment_method_not_supported',
    en: 'This payment method cannot bill this subscription in {currency}',
    zh: '此支付方式无法以 {currency} 为该订阅计费',
  },
  refund_no_subscription_payment: {
    code: 'refund_no_payment',
    en: 'This subscription has no succeeded payment to refund',
    zh: '此订阅没有可退款的成功付款',
  },
  // The billing routes a signed-in customer may call on their own subscriptions and invoices: what
  // only the merchant may do there.
  billing_merchant_field: {
    code: 'forbidden',
    type: 'permission_error',
    en: 'Only the merchant changes {name}',
    zh: '只有商家可以修改 {name}',
  },
  billing_merchant_no_proration: {
    code: 'forbidden',
    type: 'permission_error',
    en: 'Only the merchant changes a plan without proration',
    zh: '只有商家可以在不按比例计费的情况下更改套餐',
  },
  billing_merchant_out_of_band: {
    code: 'forbidden',
    type: 'permission_error',
    en: 'Only the merchant records payments made elsewhere',
    zh: '只有商家可以记录在其他渠道完成的付款',
  },
  // Subscription updates, usage records and upcoming-invoice previews (payment/billing/subscriptions).
  sub_plan_and_currency: {
    code: 'parameter_invalid',
    en: 'change the plan and the currency in two requests',
    zh: '请分两次请求更改方案和币种',
  },
  sub_proration_needs_change: {
    code: 'parameter_invalid',
    en: 'proration applies to a change of items or quantity',
    zh: '按比例计费仅适用于商品或数量的变更',
  },
  sub_quantity_one_item: {
    code: 'parameter_invalid',
    en: 'quantity applies to a subscription with one item',
    zh: 'quantity 仅适用于只有一个商品的订阅',
  },
  sub_usage_metered_only: {
    code: 'parameter_invalid',
    en: 'usage is recorded on metered prices only',
    zh: '用量只能记录在按量计费的价格上',
  },
  sub_usage_outside_period: {
    code: 'parameter_invalid',
    en: 'the timestamp must fall inside the current period',
    zh: '时间戳必须在当前周期内',
  },
  sub_usage_too_large: {
    code: 'parameter_invalid',
    en: "a period's usage must stay below {max}",
    zh: '一个周期的用量必须小于 {max}',
  },
  sub_price_twice: { code: 'parameter_invalid', en: 'a price appears twice', zh: '同一价格出现了两次' },
  sub_interval_differs: {
    code: 'parameter_invalid',
    en: 'every item must recur on the subscription’s interval',
    zh: '每个商品都必须使用订阅的周期',
  },
  sub_proration_date_outside: {
    code: 'parameter_invalid',
    en: 'proration_date must fall inside the current period',
    zh: 'proration_date 必须在当前周期内',
  },
  sub_items_or_quantity: {
    code: 'parameter_invalid',
    en: 'send items or quantity, not both',
    zh: 'items 和 quantity 只能发送其中一个',
  },
  sub_items_quantity_min: {
    code: 'parameter_invalid',
    en: 'every quantity must be at least 1',
    zh: '每个数量都必须至少为 1',
  },
  sub_quantity_min: { code: 'parameter_invalid', en: 'quantity must be at least 1', zh: '数量必须至少为 1' },
} as const satisfies Record<string, CatalogEntry>;

/** The subscription refusals without values: a 400 `parameter_invalid` naming the field at fault. */
export type SubscriptionRefusal = Exclude<
  Extract<keyof typeof BILLING_MESSAGES, `sub_${string}`>,
  'sub_usage_too_large' | 'sub_price_not_switchable'
>;
