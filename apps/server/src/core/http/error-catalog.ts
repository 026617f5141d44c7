/**
 * The English and Chinese texts of the error messages a browser user can meet during checkout, in the
 * customer portal and while signing in. `en` is exactly the text the server answers today; `{name}`
 * placeholders are filled from the values the error carries (or read back out of its English message).
 * A code may have several entries when it is thrown with different texts.
 */
export interface CatalogEntry {
  readonly code: string;
  readonly en: string;
  readonly zh: string;
}

export const ERROR_CATALOG: readonly CatalogEntry[] = [
  // Money rules (packages/money MoneyRuleError codes, via payment/shared/rules.ts).
  { code: 'AMOUNT_INVALID', en: 'Invalid amount', zh: '金额无效' },
  {
    code: 'AMOUNT_PRECISION',
    en: 'Amount decimal places must be less than or equal to {precision}',
    zh: '金额的小数位数不能超过 {precision} 位',
  },
  { code: 'UNSUPPORTED_INTERVAL', en: 'unsupported recurring interval', zh: '不支持的订阅周期' },
  { code: 'CURRENCY_NOT_CONFIGURED', en: 'Currency not configured for price', zh: '该价格未配置此币种' },
  {
    code: 'MULTIPLE_CUSTOM_UNIT_AMOUNT',
    en: 'Multiple items with custom unit amount are not supported',
    zh: '不支持多个自定义金额的商品',
  },
  { code: 'PRICE_TIERS_INVALID', en: 'Invalid price tiers', zh: '价格阶梯无效' },
  { code: 'EXCEED_INVENTORY', en: 'Exceed inventory', zh: '超出库存' },
  { code: 'EXCEED_PURCHASE_LIMIT', en: 'Exceed purchase limit', zh: '超出购买限制' },
  {
    code: 'DONATION_AMOUNT_RANGE',
    en: 'Please enter an amount between {min} and {max}.',
    zh: '请输入 {min} 到 {max} 之间的金额。',
  },
  // Checkout.
  {
    code: 'CUSTOMER_LIMITED',
    en: 'You have past due invoices; pay them before a new purchase',
    zh: '您有逾期未付的账单，请先付清再购买',
  },
  { code: 'DONATION_NOT_ENABLED', en: 'Donation feature is not enabled', zh: '未启用打赏功能' },
  {
    code: 'CHECKOUT_SESSION_OTHER_CUSTOMER',
    en: 'This checkout belongs to another account',
    zh: '此订单属于另一个账户',
  },
  {
    code: 'PAYER_NOT_PROVED',
    en: 'Prove you control this account before paying from it',
    zh: '请先证明您控制该账户，再用它付款',
  },
  {
    code: 'PAYER_PROOF_INVALID',
    en: 'The signature does not prove control of this account, please try again',
    zh: '该签名无法证明您控制此账户，请重试',
  },
  {
    code: 'PAYER_CHALLENGE_EXPIRED',
    en: 'The signing request expired, please try again',
    zh: '签名请求已过期，请重试',
  },
  { code: 'checkout_session_expired', en: 'Expired Link', zh: '链接已过期' },
  { code: 'payment_link_inactive', en: 'Expired Link', zh: '链接已过期' },
  {
    code: 'checkout_session_complete',
    en: 'This checkout session is already complete',
    zh: '此订单已完成',
  },
  {
    code: 'REQUIRE_CROSS_SELL',
    en: 'This checkout requires the cross-sell item',
    zh: '此订单必须包含搭配商品',
  },
  {
    code: 'PAYMENT_METHOD_NOT_SUPPORTED',
    en: 'This payment method is not supported',
    zh: '不支持该支付方式',
  },
  {
    code: 'payment_in_progress',
    en: 'A payment for this checkout is already in progress',
    zh: '此订单的付款正在进行中',
  },
  { code: 'payment_intent_missing', en: 'Submit the checkout first', zh: '请先提交订单' },
  {
    code: 'wrong_reference',
    en: 'this transaction was made for another payment',
    zh: '这笔交易属于另一笔付款',
  },
  {
    code: 'checkout_payment_in_progress',
    en: 'A payment for this checkout is in progress; it can no longer be changed',
    zh: '此订单的付款正在进行中，已无法修改',
  },
  {
    code: 'payment_amount_mismatch',
    en: 'The payment no longer matches the checkout total; it was not counted',
    zh: '付款金额与订单总额不符，未计入',
  },
  {
    code: 'payment_intent_changed',
    en: 'The checkout changed meanwhile, please submit again',
    zh: '订单已发生变化，请重新提交',
  },
  { code: 'ACCOUNT_CHANGED', en: 'Account changed, please pay manually.', zh: '账户已变更，请手动支付。' },
  {
    code: 'FAST_PAY_UNAVAILABLE',
    en: 'Fast pay is unavailable, please pay manually.',
    zh: '快捷支付暂不可用，请手动支付。',
  },
  { code: 'custom_amount_not_allowed', en: 'This price has a fixed amount', zh: '此价格的金额是固定的' },
  {
    code: 'quantity_not_adjustable',
    en: 'The quantity of this item cannot be changed',
    zh: '此商品的数量不可更改',
  },
  {
    code: 'quantity_out_of_range',
    en: 'Quantity must be between {min} and {max}',
    zh: '数量必须在 {min} 到 {max} 之间',
  },
  // Not found, as a customer meets it on a wrong or stale link.
  { code: 'resource_missing', en: 'No such resource', zh: '资源不存在' },
  { code: 'resource_missing', en: "No such checkout session: '{id}'", zh: "订单不存在：'{id}'" },
  { code: 'resource_missing', en: "No such payment link: '{id}'", zh: "支付链接不存在：'{id}'" },
  { code: 'resource_missing', en: "No such invoice: '{id}'", zh: "账单不存在：'{id}'" },
  { code: 'resource_missing', en: "No such subscription: '{id}'", zh: "订阅不存在：'{id}'" },
  {
    code: 'resource_missing',
    en: 'No customer for the signed-in user in this mode',
    zh: '当前模式下没有与登录用户对应的客户',
  },
  // Signing in and the portal.
  { code: 'unauthenticated', en: 'Sign in first', zh: '请先登录' },
  { code: 'forbidden', en: 'You are not allowed to do this', zh: '您无权执行此操作' },
  {
    code: 'rate_limited',
    en: 'Too many sign-in attempts; try again in a minute',
    zh: '登录尝试次数过多，请一分钟后再试',
  },
  {
    code: 'connect_token_expired',
    en: 'This QR code has expired; get a new one',
    zh: '二维码已过期，请重新获取',
  },
  { code: 'did_space_required', en: 'Connect a DID Space first', zh: '请先连接 DID Space' },
  {
    code: 'cross_origin_request',
    en: 'Requests from other sites are not allowed',
    zh: '不允许来自其他站点的请求',
  },
  { code: 'internal_error', en: 'Something went wrong on our side', zh: '服务器出了点问题，请稍后再试' },
];
