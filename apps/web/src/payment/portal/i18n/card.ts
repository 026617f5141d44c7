// The card that paid a payment, as the invoice, payment history and admin payment pages name it.
export const cardEn = {
  label: 'Card',
  ending: '{{brand}} ending in {{last4}}',
  brands: {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
    diners: 'Diners Club',
    jcb: 'JCB',
    unionpay: 'UnionPay',
    unknown: 'Card',
  },
};

export const cardZh: typeof cardEn = {
  label: '银行卡',
  ending: '{{brand}}，尾号 {{last4}}',
  brands: {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: '美国运通',
    discover: 'Discover',
    diners: '大来卡',
    jcb: 'JCB',
    unionpay: '银联',
    unknown: '银行卡',
  },
};
