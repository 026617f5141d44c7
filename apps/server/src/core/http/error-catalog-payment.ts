import type { CatalogEntry } from './error-catalog-entry.js';

const missing = <En extends string>(en: En, zh: string) =>
  ({ code: 'resource_missing', type: 'not_found_error', en, zh }) as const;

/**
 * The merchant API's refusals for the catalog (products, prices), payment methods and currencies and
 * customers. `*_missing` entries are thrown with `ApiError.missing(key, id, param?)`: a 404 for the
 * object of the path, a 400 naming `param` for an id given in the request body.
 */
export const PAYMENT_MESSAGES = {
  product_missing: missing("No such product: '{id}'", "商品不存在：'{id}'"),
  price_missing: missing("No such price: '{id}'", "价格不存在：'{id}'"),
  payment_method_missing: missing("No such payment method: '{id}'", "支付方式不存在：'{id}'"),
  payment_currency_missing: missing("No such payment currency: '{id}'", "支付币种不存在：'{id}'"),
  price_upsell_self: {
    code: 'parameter_invalid',
    en: 'a price cannot upsell to itself',
    zh: '价格不能升级为它自己',
  },
  price_upsell_archived: {
    code: 'price_inactive',
    en: 'the upsell price is archived',
    zh: '升级目标价格已归档',
  },
  product_archived: { code: 'product_inactive', en: 'the product is archived', zh: '该商品已归档' },
  price_currency_twice: {
    code: 'parameter_invalid',
    en: 'each currency may appear once',
    zh: '每个币种只能出现一次',
  },
  price_tiers_per_currency: {
    code: 'parameter_missing',
    en: 'a tiered price needs tiers for every currency',
    zh: '阶梯价格需要为每个币种设置阶梯',
  },
  price_credit_config: {
    code: 'parameter_missing',
    en: 'a credit product price needs metadata.credit_config',
    zh: '积分商品的价格需要 metadata.credit_config',
  },
  minimum_over_maximum: {
    code: 'parameter_invalid',
    en: 'minimum must not exceed maximum',
    zh: '最小值不能大于最大值',
  },
  price_presets_range: {
    code: 'parameter_invalid',
    en: 'presets must lie between minimum and maximum',
    zh: '预设金额必须在最小值和最大值之间',
  },
  price_recurring_missing: {
    code: 'parameter_invalid',
    en: 'a recurring price needs recurring.interval',
    zh: '订阅价格需要 recurring.interval',
  },
  price_one_time_recurring: {
    code: 'parameter_invalid',
    en: 'a one_time price cannot have recurring',
    zh: '一次性价格不能设置 recurring',
  },
  price_tiers_mode_missing: {
    code: 'parameter_invalid',
    en: 'a tiered price needs tiers_mode (graduated or volume)',
    zh: '阶梯价格需要 tiers_mode（graduated 或 volume）',
  },
  price_tiers_missing: {
    code: 'parameter_invalid',
    en: 'a tiered price needs tiers',
    zh: '阶梯价格需要设置阶梯',
  },
  price_tiers_custom_amount: {
    code: 'parameter_invalid',
    en: 'a tiered price cannot have custom_unit_amount',
    zh: '阶梯价格不能设置 custom_unit_amount',
  },
  price_tiers_scheme: {
    code: 'parameter_invalid',
    en: 'tiers need billing_scheme tiered',
    zh: '设置阶梯需要 billing_scheme 为 tiered',
  },
  price_tiers_mode_scheme: {
    code: 'parameter_invalid',
    en: 'tiers_mode needs billing_scheme tiered',
    zh: '设置 tiers_mode 需要 billing_scheme 为 tiered',
  },
  price_unit_amount_missing: {
    code: 'parameter_missing',
    en: 'unit_amount is required',
    zh: '缺少 unit_amount',
  },
  price_custom_recurring: {
    code: 'parameter_invalid',
    en: 'custom_unit_amount is for one_time prices',
    zh: 'custom_unit_amount 仅用于一次性价格',
  },
  method_settings_missing: {
    code: 'parameter_missing',
    en: 'settings.{type} is required for a {type} method',
    zh: '{type} 支付方式需要 settings.{type}',
  },
  currency_precision: {
    code: 'parameter_invalid',
    en: 'maximum_precision must not exceed decimal',
    zh: 'maximum_precision 不能大于 decimal',
  },
  customer_did_exists: {
    code: 'customer_exists',
    en: 'A customer with this did already exists: {id}',
    zh: '已有使用该 DID 的客户：{id}',
  },
  line_price_archived: { code: 'price_inactive', en: 'The price is archived', zh: '该价格已归档' },
  line_custom_amount: {
    code: 'parameter_invalid',
    en: 'custom_amount needs a price with custom_unit_amount',
    zh: 'custom_amount 需要价格设置了 custom_unit_amount',
  },
  line_total_too_large: {
    code: 'amount_too_large',
    en: 'The total (unit amounts x quantities) must be below 2^256, the largest amount a chain can transfer',
    zh: '总额（单价 × 数量）必须小于 2^256，即链上可转账的最大金额',
  },
  checkout_mode_mismatch: {
    code: 'parameter_invalid',
    en: 'mode {requested} does not fit these line items ({derived} expected)',
    zh: '模式 {requested} 与这些商品不符（应为 {derived}）',
  },
  checkout_expires_at_range: {
    code: 'parameter_invalid',
    en: 'expires_at must be 30 minutes to 24 hours from now',
    zh: 'expires_at 必须在 30 分钟到 24 小时之后',
  },
  checkout_complete_not_expirable: {
    code: 'checkout_session_complete',
    en: 'A completed checkout session cannot be expired',
    zh: '已完成的订单不能设为过期',
  },
  link_redirect_url_missing: {
    code: 'parameter_missing',
    en: 'a redirect needs redirect.url',
    zh: '跳转需要设置 redirect.url',
  },
  payment_currency_of_method_missing: missing(
    "No such payment currency for this method: '{id}'",
    "该支付方式没有此币种：'{id}'",
  ),
  subscription_price_not_recurring: {
    code: 'parameter_invalid',
    en: 'a subscription item needs a recurring price',
    zh: '订阅商品需要周期性价格',
  },
  subscription_interval_mixed: {
    code: 'parameter_invalid',
    en: 'every item of a subscription must recur on the same interval',
    zh: '订阅中的所有商品必须使用相同的周期',
  },
  idempotency_key_malformed: {
    code: 'idempotency_key_invalid',
    en: 'Idempotency-Key must be 1 to 255 printable ASCII characters',
    zh: 'Idempotency-Key 必须是 1 到 255 个可打印的 ASCII 字符',
  },
  idempotency_retry: {
    code: 'idempotency_request_in_progress',
    type: 'idempotency_error',
    en: 'Retry this request',
    zh: '请重试此请求',
  },
  idempotency_key_reused: {
    code: 'idempotency_key_in_use',
    type: 'idempotency_error',
    en: "Keys for idempotent requests can only be used with the same parameters they were first used with. Try a key other than '{key}' for a different request.",
    zh: "幂等键只能用于参数相同的请求。不同的请求请使用 '{key}' 以外的键。",
  },
  idempotency_first_running: {
    code: 'idempotency_request_in_progress',
    type: 'idempotency_error',
    en: 'The first request with this Idempotency-Key is still running; retry shortly',
    zh: '使用该 Idempotency-Key 的第一个请求仍在处理中，请稍后重试',
  },
  line_with_price_missing: {
    code: 'line_item_not_found',
    en: 'No line item has this price',
    zh: '没有使用此价格的商品行',
  },
  line_item_missing: { code: 'line_item_not_found', en: 'No such line item', zh: '没有该商品行' },
  upsell_not_offered: {
    code: 'upsell_not_offered',
    en: 'This price has no such upsell',
    zh: '该价格没有这个升级选项',
  },
  upsell_unavailable: {
    code: 'price_inactive',
    en: 'The upsell price is not available',
    zh: '升级价格不可用',
  },
  cross_sell_not_offered: {
    code: 'cross_sell_not_offered',
    en: 'This price is not offered with this checkout',
    zh: '此订单不提供该价格',
  },
  settings_missing: missing("No settings for '{id}'", "没有 '{id}' 的设置"),
  setting_missing: missing("No such setting: '{id}'", "设置不存在：'{id}'"),
  donation_setting_missing: missing("No such donation setting: '{id}'", "打赏设置不存在：'{id}'"),
  subscription_item_missing: missing("No such subscription item: '{id}'", "订阅项不存在：'{id}'"),
  list_cursor_missing: missing("No such object: '{id}'", "对象不存在：'{id}'"),
  list_two_cursors: {
    code: 'parameter_invalid',
    en: 'Use starting_after or ending_before, not both',
    zh: 'starting_after 和 ending_before 只能使用其中一个',
  },
  balance_too_large: {
    code: 'amount_too_large',
    en: 'The balance must stay below 2^256',
    zh: '余额必须小于 2^256',
  },
  balance_debit_too_large: {
    code: 'balance_insufficient',
    en: "The customer's balance ({balance}) is smaller than the debit ({debit})",
    zh: '客户余额（{balance}）小于扣款金额（{debit}）',
  },
  cross_sell_none: {
    code: 'cross_sell_not_found',
    type: 'not_found_error',
    en: 'No cross-sell offer for this checkout',
    zh: '此订单没有加购推荐',
  },
  payment_intent_id_missing: missing("No such payment intent: '{id}'", "支付意图不存在：'{id}'"),
  refund_missing: missing("No such refund: '{id}'", "退款不存在：'{id}'"),
  logo_missing: missing('No logo {id}', '没有标志 {id}'),
  demo_no_network: {
    code: 'demo_unavailable',
    type: 'api_error',
    en: 'No rail offers a demo network',
    zh: '没有可用于演示的支付网络',
  },
  api_key_malformed: {
    code: 'unauthenticated',
    type: 'authentication_error',
    en: 'Invalid API key: expected `Authorization: Bearer sk_test_…` or sk_live_…',
    zh: 'API 密钥无效：应为 `Authorization: Bearer sk_test_…` 或 sk_live_…',
  },
  api_key_unknown: {
    code: 'unauthenticated',
    type: 'authentication_error',
    en: 'Invalid or revoked API key',
    zh: 'API 密钥无效或已吊销',
  },
  api_key_needed: {
    code: 'unauthenticated',
    type: 'authentication_error',
    en: 'Provide a secret API key: `Authorization: Bearer sk_test_…`',
    zh: '请提供私密 API 密钥：`Authorization: Bearer sk_test_…`',
  },
  api_key_missing: {
    code: 'resource_missing',
    type: 'not_found_error',
    en: "No such api key: '{id}'",
    zh: "API 密钥不存在：'{id}'",
  },
  // Checkout submits and payments, refunds of an intent.
  checkout_field_required: {
    code: 'parameter_missing',
    en: '{field} is required for this checkout',
    zh: '此订单需要填写 {field}',
  },
  refund_not_positive: {
    code: 'invalid_amount',
    en: 'A refund must be more than zero',
    zh: '退款金额必须大于零',
  },
  refund_exceeds_payment: {
    code: 'refund_exceeds_payment',
    en: 'The refund is more than what is left of the payment',
    zh: '退款金额超过了该付款的剩余可退金额',
  },
  api_key_from_environment: {
    code: 'key_managed_by_environment',
    en: 'This key comes from PAYMENT_TEST_SECRET_KEY; unset it instead',
    zh: '该密钥来自 PAYMENT_TEST_SECRET_KEY，请改为取消该环境变量',
  },
} as const satisfies Record<string, CatalogEntry>;
