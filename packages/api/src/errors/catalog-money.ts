import type { CodeText } from './text.js';

/** Default texts of the money rules and of prices, products and quantities. */
export const MONEY_TEXT = {
  amount_invalid: { en: 'Invalid amount', zh: '金额无效' },
  amount_precision: { en: 'The amount has too many decimal places', zh: '金额的小数位数过多' },
  amount_too_large: { en: 'The amount is too large', zh: '金额过大' },
  invalid_amount: { en: 'Invalid amount', zh: '金额无效' },
  unsupported_interval: { en: 'unsupported recurring interval', zh: '不支持的订阅周期' },
  currency_not_configured: { en: 'Currency not configured for price', zh: '该价格未配置此币种' },
  currency_not_supported: { en: 'This currency is not supported', zh: '不支持此币种' },
  multiple_custom_unit_amount: {
    en: 'Multiple items with custom unit amount are not supported',
    zh: '不支持多个自定义金额的商品',
  },
  price_tiers_invalid: { en: 'Invalid price tiers', zh: '价格阶梯无效' },
  exceed_inventory: { en: 'Exceed inventory', zh: '超出库存' },
  exceed_purchase_limit: { en: 'Exceed purchase limit', zh: '超出购买限制' },
  donation_amount_range: { en: 'The amount is outside the allowed range', zh: '金额超出允许范围' },
  donation_not_enabled: { en: 'Donations are not enabled', zh: '未开启打赏' },
  custom_amount_not_allowed: { en: 'A custom amount is not allowed here', zh: '此处不允许自定义金额' },
  quantity_not_adjustable: { en: 'The quantity cannot be changed', zh: '数量不可调整' },
  quantity_out_of_range: { en: 'The quantity is out of range', zh: '数量超出范围' },
  price_inactive: { en: 'This price is no longer available', zh: '该价格已停用' },
  product_inactive: { en: 'This product is no longer available', zh: '该商品已下架' },
} as const satisfies Record<string, CodeText>;
