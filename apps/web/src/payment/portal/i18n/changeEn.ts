/** Strings of the portal's subscription changes (payment.portalChange): quantity preview, currency. */
export const portalChangeEn = {
  quantity: {
    dueNow: 'Due now: {{amount}}',
    credit: 'Credited to your balance now: {{amount}}',
    nothingDue: 'Nothing is due now.',
    renewal: 'Then {{amount}} from {{date}}.',
    payAfter: 'The change applies once this amount is paid.',
  },
  currency: {
    title: 'Payment method and currency',
    description: 'Future invoices are made in this currency. Open and past-due invoices keep theirs.',
    label: 'Currency for future invoices',
    option: '{{symbol}} · {{method}}',
    save: 'Save',
    saved: 'Future invoices will be made in {{symbol}}.',
    failed: 'Failed to change the currency',
    allowanceHint:
      'Automatic payment pulls from an allowance in this currency; grant one if you have not yet.',
  },
};
