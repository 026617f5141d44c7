/** Strings of the donation checkout (payment.checkout.donation). */
export const donationEn = {
  tipAmount: 'Tip amount',
  custom: 'Custom',
  customAmount: 'Custom amount',
  random: 'Random amount',
  range: 'Please enter an amount between {{min}} and {{max}}.',
  updating: 'Updating the amount…',
  notEnabled: 'Donation feature is not enabled',
  cancel: 'Cancel',
  close: 'Close',
  benefits: {
    show: 'View beneficiaries',
    hide: 'Hide beneficiaries',
    title: 'Beneficiaries',
    loading: 'Loading beneficiaries',
    percent: '{{percent}}%',
  },
};
