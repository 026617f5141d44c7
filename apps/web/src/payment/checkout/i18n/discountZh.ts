/** 折扣、税费行与优惠码输入框的文案（payment.checkout.adjust）。 */
export const discountZh = {
  discount: '折扣：{{name}}',
  discountPercent: '折扣：{{name}}（减 {{percent}}%）',
  taxExclusive: '{{name}} {{percent}}%',
  taxInclusive: '{{name}} {{percent}}%（已含）',
  atPayment: '支付时计算',
  pendingNote: '折扣和税费将在支付时按此币种计算。',
  addCode: '添加优惠码',
  codeLabel: '优惠码',
  apply: '使用',
  remove: '移除优惠码 {{code}}',
  removeShort: '移除',
  cancel: '取消',
  codeEmpty: '请输入优惠码',
  codeFormat: '优惠码只能包含字母、数字、- 和 _（最多 50 个字符）',
  codeRefused: '该优惠码无法使用',
  applied: '已使用优惠码 {{code}}',
};
