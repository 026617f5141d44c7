/** Strings of the discount and tax lines and the promotion-code field (payment.checkout.adjust). */
export const discountEn = {
  discount: 'Discount: {{name}}',
  discountPercent: 'Discount: {{name}} ({{percent}}% off)',
  taxExclusive: '{{name}} {{percent}}%',
  taxInclusive: '{{name}} {{percent}}% (included)',
  atPayment: 'Calculated at payment',
  pendingNote: 'The discount and tax are calculated in this currency when you pay.',
  addCode: 'Add promotion code',
  codeLabel: 'Promotion code',
  apply: 'Apply',
  remove: 'Remove promotion code {{code}}',
  removeShort: 'Remove',
  cancel: 'Cancel',
  codeEmpty: 'Enter a promotion code',
  codeFormat: 'A promotion code has only letters, digits, - and _ (at most 50)',
  codeRefused: 'This promotion code cannot be used',
  applied: 'Promotion code {{code}} applied',
};
