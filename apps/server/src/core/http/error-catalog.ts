import type { CatalogEntry } from './error-catalog-entry.js';
import { BILLING_MESSAGES } from './error-catalog-billing.js';
import { IDENTITY_MESSAGES } from './error-catalog-identity.js';
import { PAYMENT_MESSAGES } from './error-catalog-payment.js';
import { STORE_MESSAGES } from './error-catalog-store.js';
import { USAGE_MESSAGES } from './error-catalog-usage.js';
import { DISCOUNT_MESSAGES } from './error-catalog-discounts.js';
/**
 * The English and Chinese texts of the error messages a browser user can meet during checkout, in the
 * customer portal and while signing in, keyed by message: code throws `ApiError.of(key, values)` and
 * the answer's message is this entry's text in the request's language, its `{name}` placeholders
 * filled from `values` (the compiler checks that every placeholder gets one). `en` is exactly the text
 * the server answered before the catalog existed. Several keys may share one API `code`
 * (resource_missing names the kind of object in its message).
 */
export type { CatalogEntry } from './error-catalog-entry.js';

export const MESSAGES = {
  // Money rules (packages/money MoneyRuleError codes, via payment/shared/rules.ts).
  AMOUNT_INVALID: { code: 'amount_invalid', en: 'Invalid amount', zh: '金额无效' },
  AMOUNT_PRECISION: {
    code: 'amount_precision',
    en: 'Amount decimal places must be less than or equal to {precision}',
    zh: '金额的小数位数不能超过 {precision} 位',
  },
  UNSUPPORTED_INTERVAL: {
    code: 'unsupported_interval',
    en: 'unsupported recurring interval',
    zh: '不支持的订阅周期',
  },
  CURRENCY_NOT_CONFIGURED: {
    code: 'currency_not_configured',
    en: 'Currency not configured for price',
    zh: '该价格未配置此币种',
  },
  MULTIPLE_CUSTOM_UNIT_AMOUNT: {
    code: 'multiple_custom_unit_amount',
    en: 'Multiple items with custom unit amount are not supported',
    zh: '不支持多个自定义金额的商品',
  },
  PRICE_TIERS_INVALID: { code: 'price_tiers_invalid', en: 'Invalid price tiers', zh: '价格阶梯无效' },
  EXCEED_INVENTORY: { code: 'exceed_inventory', en: 'Exceed inventory', zh: '超出库存' },
  EXCEED_PURCHASE_LIMIT: { code: 'exceed_purchase_limit', en: 'Exceed purchase limit', zh: '超出购买限制' },
  DONATION_AMOUNT_RANGE: {
    code: 'donation_amount_range',
    en: 'Please enter an amount between {min} and {max}.',
    zh: '请输入 {min} 到 {max} 之间的金额。',
  },
  // Checkout.
  CUSTOMER_LIMITED: {
    code: 'CUSTOMER_LIMITED',
    en: 'You have past due invoices; pay them before a new purchase',
    zh: '您有逾期未付的账单，请先付清再购买',
  },
  DONATION_NOT_ENABLED: {
    code: 'donation_not_enabled',
    en: 'Donation feature is not enabled',
    zh: '未启用打赏功能',
  },
  checkout_session_expired: { code: 'checkout_session_expired', en: 'Expired Link', zh: '链接已过期' },
  payment_link_inactive: { code: 'payment_link_inactive', en: 'Expired Link', zh: '链接已过期' },
  CHECKOUT_SESSION_OTHER_CUSTOMER: {
    code: 'checkout_session_other_customer',
    type: 'permission_error',
    en: 'This checkout belongs to another account',
    zh: '此订单属于另一个账户',
  },
  PAYER_NOT_PROVED: {
    code: 'payer_not_proved',
    en: 'Prove you control this account before paying from it',
    zh: '请先证明您控制该账户，再用它付款',
  },
  PAYER_PROOF_INVALID: {
    code: 'payer_proof_invalid',
    en: 'The signature does not prove control of this account, please try again',
    zh: '该签名无法证明您控制此账户，请重试',
  },
  PAYER_CHALLENGE_EXPIRED: {
    code: 'payer_challenge_expired',
    en: 'The signing request expired, please try again',
    zh: '签名请求已过期，请重试',
  },
  checkout_session_complete: {
    code: 'checkout_session_complete',
    en: 'This checkout session is already complete',
    zh: '此订单已完成',
  },
  REQUIRE_CROSS_SELL: {
    code: 'REQUIRE_CROSS_SELL',
    en: 'This checkout requires the cross-sell item',
    zh: '此订单必须包含搭配商品',
  },
  PAYMENT_METHOD_NOT_SUPPORTED: {
    code: 'payment_method_not_supported',
    en: 'This payment method is not supported',
    zh: '不支持该支付方式',
  },
  payment_in_progress: {
    code: 'payment_in_progress',
    en: 'A payment for this checkout is already in progress',
    zh: '此订单的付款正在进行中',
  },
  payment_intent_missing: {
    code: 'payment_intent_missing',
    en: 'Submit the checkout first',
    zh: '请先提交订单',
  },
  wrong_reference: {
    code: 'wrong_reference',
    en: 'this transaction was made for another payment',
    zh: '这笔交易属于另一笔付款',
  },
  checkout_payment_in_progress: {
    code: 'checkout_payment_in_progress',
    en: 'A payment for this checkout is in progress; it can no longer be changed',
    zh: '此订单的付款正在进行中，已无法修改',
  },
  payment_amount_mismatch: {
    code: 'payment_amount_mismatch',
    en: 'The payment no longer matches the checkout total; it was not counted',
    zh: '付款金额与订单总额不符，未计入',
  },
  payment_for_replaced_intent: {
    code: 'payment_for_replaced_intent',
    en: 'This transfer paid for an earlier version of this checkout, which changed since; it is recorded and will be refunded. Please pay the current total.',
    zh: '这笔转账支付的是此订单修改前的版本；已记录并将退款。请按当前总额付款。',
  },
  payment_intent_changed: {
    code: 'payment_intent_changed',
    en: 'The checkout changed meanwhile, please submit again',
    zh: '订单已发生变化，请重新提交',
  },
  ACCOUNT_CHANGED: {
    code: 'account_changed',
    en: 'Account changed, please pay manually.',
    zh: '账户已变更，请手动支付。',
  },
  FAST_PAY_UNAVAILABLE: {
    code: 'fast_pay_unavailable',
    en: 'Fast pay is unavailable, please pay manually.',
    zh: '快捷支付暂不可用，请手动支付。',
  },
  custom_amount_not_allowed: {
    code: 'custom_amount_not_allowed',
    en: 'This price has a fixed amount',
    zh: '此价格的金额是固定的',
  },
  quantity_not_adjustable: {
    code: 'quantity_not_adjustable',
    en: 'The quantity of this item cannot be changed',
    zh: '此商品的数量不可更改',
  },
  quantity_out_of_range: {
    code: 'quantity_out_of_range',
    en: 'Quantity must be between {min} and {max}',
    zh: '数量必须在 {min} 到 {max} 之间',
  },
  // Not found, as a customer meets it on a wrong or stale link.
  resource_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: 'No such resource',
    zh: '资源不存在',
  },
  checkout_session_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: "No such checkout session: '{id}'",
    zh: "订单不存在：'{id}'",
  },
  payment_link_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: "No such payment link: '{id}'",
    zh: "支付链接不存在：'{id}'",
  },
  invoice_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: "No such invoice: '{id}'",
    zh: "账单不存在：'{id}'",
  },
  subscription_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: "No such subscription: '{id}'",
    zh: "订阅不存在：'{id}'",
  },
  customer_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: 'No customer for the signed-in user in this mode',
    zh: '当前模式下没有与登录用户对应的客户',
  },
  // Signing in and the portal.
  unauthenticated: {
    code: 'unauthenticated',
    type: 'authentication_error',
    en: 'Sign in first',
    zh: '请先登录',
  },
  forbidden: {
    code: 'forbidden',
    type: 'permission_error',
    en: 'You are not allowed to do this',
    zh: '您无权执行此操作',
  },
  rate_limited: {
    code: 'rate_limited',
    type: 'rate_limit_error',
    en: 'Too many sign-in attempts; try again in a minute',
    zh: '登录尝试次数过多，请一分钟后再试',
  },
  connect_token_expired: {
    code: 'connect_token_expired',
    type: 'not_found_error',
    en: 'This QR code has expired; get a new one',
    zh: '二维码已过期，请重新获取',
  },
  connect_other_browser: {
    code: 'forbidden',
    type: 'permission_error',
    en: 'This sign-in request belongs to another browser',
    zh: '此登录请求属于另一个浏览器',
  },
  connect_link_invalid: {
    code: 'forbidden',
    type: 'permission_error',
    en: 'This link is not valid; scan the QR code again',
    zh: '此链接无效，请重新扫描二维码',
  },
  connect_wallet_refused: {
    code: 'connect_forbidden',
    type: 'permission_error',
    en: 'The wallet could not sign in: {reason}',
    zh: '钱包无法登录：{reason}',
  },
  dev_wallet_refused: {
    code: 'connect_refused',
    en: 'The test wallet could not approve: {reason}',
    zh: '测试钱包未能批准：{reason}',
  },
  did_space_required: {
    code: 'did_space_required',
    en: 'Connect a DID Space first',
    zh: '请先连接 DID Space',
  },
  cross_origin_request: {
    code: 'cross_origin_request',
    type: 'permission_error',
    en: 'Requests from other sites are not allowed',
    zh: '不允许来自其他站点的请求',
  },
  // Webhook endpoints (payment/webhooks): the admin UI shows these on the URL field.
  url_private_address: {
    code: 'url_private_address',
    en: "The host '{host}' resolves to {address}, a private, loopback or reserved address; live-mode webhooks go to public addresses only",
    zh: '主机 {host} 解析到 {address}，这是内网、回环或保留地址；正式模式的 Webhook 只发送到公网地址',
  },
  url_link_local: {
    code: 'url_link_local',
    en: "The host '{host}' resolves to {address}, a link-local address (such as cloud metadata), where webhooks never go",
    zh: '主机 {host} 解析到 {address}，这是链路本地地址（例如云元数据服务），Webhook 不会发送到这里',
  },
  url_own_port: {
    code: 'url_own_port',
    en: "The address {address}:{port} of host '{host}' is one of this server's own ports (its database, demo chain or web server), where webhooks never go; a local receiver must listen on another port",
    zh: '主机 {host} 的地址 {address}:{port} 是本服务器自身的端口（数据库、演示链或 Web 服务），Webhook 不会发送到这里；本地接收端请使用其他端口',
  },
  url_unresolvable: {
    code: 'url_unresolvable',
    en: "The host '{host}' does not resolve",
    zh: '无法解析主机 {host}',
  },
  url_credentials: {
    code: 'url_invalid',
    en: 'A webhook URL may not carry a user name or password',
    zh: 'Webhook URL 不能包含用户名或密码',
  },
  webhook_endpoint_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: "No such webhook endpoint: '{id}'",
    zh: "Webhook 端点不存在：'{id}'",
  },
  event_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: "No such event: '{id}'",
    zh: "事件不存在：'{id}'",
  },
  // Billing engine: subscriptions the customer may cancel, resume or recover in the portal.
  subscription_state: {
    code: 'subscription_state_invalid',
    en: 'This subscription is {status}: it cannot be {action}',
    zh: '该订阅当前为 {status} 状态，无法执行此操作（{action}）',
  },
  invoice_state: {
    code: 'invoice_state_invalid',
    en: 'This invoice is {status}: it cannot be {action}',
    zh: '该账单当前为 {status} 状态，无法执行此操作（{action}）',
  },
  test_clock_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: "No such test clock: '{id}'",
    zh: "测试时钟不存在：'{id}'",
  },
  test_clock_live: {
    code: 'test_clock_livemode',
    en: 'Test clocks exist in test mode only',
    zh: '测试时钟仅在测试模式下可用',
  },
  test_clock_backwards: {
    code: 'test_clock_backwards',
    en: 'A test clock only moves forward: {frozen_time} is before its time {current}',
    zh: '测试时钟只能向前拨动：{frozen_time} 早于当前时间 {current}',
  },
  test_clock_advance_too_far: {
    code: 'test_clock_advance_too_far',
    en: 'A test clock moves at most two years per advance: {frozen_time} is too far after its time {current}',
    zh: '测试时钟每次最多拨动两年：{frozen_time} 距当前时间 {current} 太远',
  },
  // Bodies the framework refuses before a route runs.
  body_empty: {
    code: 'body_empty',
    en: 'The body is empty but Content-Type is application/json: send a JSON object, or no Content-Type',
    zh: '请求内容为空，但 Content-Type 为 application/json：请发送 JSON 对象，或不带 Content-Type',
  },
  body_invalid_json: {
    code: 'body_invalid_json',
    en: 'The body is not valid JSON',
    zh: '请求内容不是有效的 JSON',
  },
  body_too_large: { code: 'body_too_large', en: 'The body is too large', zh: '请求内容过大' },
  body_media_type: {
    code: 'unsupported_media_type',
    en: 'Unsupported Content-Type: send application/json',
    zh: '不支持的 Content-Type：请发送 application/json',
  },
  body_invalid_length: {
    code: 'body_invalid_length',
    en: 'The body does not match its Content-Length',
    zh: '请求内容与其 Content-Length 不符',
  },
  internal_error: {
    code: 'internal_error',
    type: 'api_error',
    en: 'Something went wrong on our side',
    zh: '服务器出了点问题，请稍后再试',
  },
  // The store's refusals (error-catalog-store.ts).
  ...STORE_MESSAGES,
  // Payments, refunds, overdue bulk pay and subscription changes (error-catalog-billing.ts).
  ...BILLING_MESSAGES,
  // The merchant API: catalog, payment methods and currencies, customers (error-catalog-payment.ts).
  ...PAYMENT_MESSAGES,
  // Users, browser sessions and passports (error-catalog-identity.ts).
  ...IDENTITY_MESSAGES,
  // Meters, meter events and credit grants (error-catalog-usage.ts).
  ...USAGE_MESSAGES,
  // Coupons, promotion codes and tax rates (error-catalog-discounts.ts).
  ...DISCOUNT_MESSAGES,
  // The browser wallet paying an open invoice or overdue batch (payment/flows/wallet-batch.ts).
  overdue_batch_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: "No such overdue payment: '{id}'",
    zh: "没有这笔逾期账单支付：'{id}'",
  },
  overdue_batch_replaced: {
    code: 'payment_for_replaced_intent',
    en: 'This transfer paid for overdue invoices that changed since; it is recorded and will be refunded. Please pay the current amount.',
    zh: '这笔转账支付的是已变更的逾期账单；已记录并将退款。请按当前金额付款。',
  },
  // A second transfer for a payment already made (a stale page, a second tab: intents/settle.ts).
  payment_already_made: {
    code: 'payment_already_made',
    en: 'This payment was already made; this transfer is not counted and will be refunded to the account that sent it.',
    zh: '这笔付款已经完成；此次转账不计入，将退还到转出的账户。',
  },
} as const satisfies Record<string, CatalogEntry>;

export type MessageKey = keyof typeof MESSAGES;

/** The `{name}` placeholders of a template, as a union of names. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** The values `ApiError.of(key, values)` needs: one string per placeholder of the key's English text. */
export type MessageValues<K extends MessageKey> = Readonly<
  Record<Placeholders<(typeof MESSAGES)[K]['en']>, string>
>;

export const ERROR_CATALOG: readonly CatalogEntry[] = Object.values(MESSAGES);
