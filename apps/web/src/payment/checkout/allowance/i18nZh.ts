import type { allowanceEn } from './i18nEn';

/** 续费自动扣款所用 ERC-20 授权额度的文字（结账与客户门户）：payment.allowance.* */
export const allowanceZh: typeof allowanceEn = {
  words_month_one: '授权最多 {{amount}}，约为此套餐 {{count}} 个月的费用。',
  words_month_other: '授权最多 {{amount}}，约为此套餐 {{count}} 个月的费用。',
  words_week_one: '授权最多 {{amount}}，约为此套餐 {{count}} 周的费用。',
  words_week_other: '授权最多 {{amount}}，约为此套餐 {{count}} 周的费用。',
  words_day_one: '授权最多 {{amount}}，约为此套餐 {{count}} 天的费用。',
  words_day_other: '授权最多 {{amount}}，约为此套餐 {{count}} 天的费用。',
  words_hour_one: '授权最多 {{amount}}，约为此套餐 {{count}} 小时的费用。',
  words_hour_other: '授权最多 {{amount}}，约为此套餐 {{count}} 小时的费用。',
  checkout: '使用浏览器钱包或 DID Wallet 支付后，钱包会请您批准这些自动续费；您可以拒绝，也可以随时更改。',
  declined: '支付已完成，但未批准自动续费。可在账单页面授权。',
  remaining: '剩余自动扣款额度：{{amount}}（下一张账单需要 {{needed}}）。',
  low: '自动扣款的授权额度不足以支付下一张账单。',
  grant: '授权或续期自动扣款',
  grantTitle: '允许自动扣款',
  grantConfirm: '用浏览器钱包批准',
  cancel: '取消',
  granted: '已批准，自动扣款将继续。',
  failed: '续订失败',
  noWallet: '此浏览器中没有找到钱包。',
  wrongAccount: '请用支付此订阅的账户批准：{{payer}}',
  waiting: '正在等待授权确认…',
};
