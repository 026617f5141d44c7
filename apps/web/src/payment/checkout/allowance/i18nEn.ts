/** Texts of the ERC-20 allowance renewals are pulled from (checkout and portal): payment.allowance.* */
export const allowanceEn = {
  words_month_one: 'Allows up to {{amount}}, about {{count}} month of this plan.',
  words_month_other: 'Allows up to {{amount}}, about {{count}} months of this plan.',
  words_week_one: 'Allows up to {{amount}}, about {{count}} week of this plan.',
  words_week_other: 'Allows up to {{amount}}, about {{count}} weeks of this plan.',
  words_day_one: 'Allows up to {{amount}}, about {{count}} day of this plan.',
  words_day_other: 'Allows up to {{amount}}, about {{count}} days of this plan.',
  words_hour_one: 'Allows up to {{amount}}, about {{count}} hour of this plan.',
  words_hour_other: 'Allows up to {{amount}}, about {{count}} hours of this plan.',
  checkout:
    'Paying with the browser wallet or DID Wallet, it then asks you to approve these automatic renewals; you can decline and change this any time.',
  declined:
    'The payment went through; automatic renewals were not approved. Grant them from your billing page.',
  remaining: 'Automatic payments left: {{amount}} (the next invoice needs {{needed}}).',
  low: 'The allowance for automatic payments does not cover the next invoice.',
  grant: 'Grant or renew allowance',
  grantTitle: 'Allow automatic payments',
  grantConfirm: 'Approve with browser wallet',
  cancel: 'Cancel',
  granted: 'Approved. Automatic payments continue.',
  failed: 'Failed to renew the subscription',
  noWallet: 'No wallet was found in this browser.',
  wrongAccount: 'Approve from the account that pays this subscription: {{payer}}',
  waiting: 'Waiting for the approval to be confirmed…',
};
