import { allowanceEn } from '../checkout/allowance/i18nEn';
import { checkoutEn } from '../checkout/i18n/en';
/**
 * Strings of the payment pages every visitor may need at once: checkout and the small pages. The
 * admin, portal and demo strings load with their pages (`./extrasEn.ts`).
 */
export const paymentCoreEn = {
  back: 'Back',
  donations: {
    title: 'Donations',
    emptyTitle: 'Donation feature is not enabled',
    emptyDescription:
      'Once donations are enabled, supporters can tip you and your beneficiaries from your pages.',
    // The bar an owner or admin sees on a donation checkout that is not enabled yet (checkout strings:
    // the admin bundle is not loaded there).
    enable: 'Enable',
    enablePrompt: 'Donations are not enabled here yet.',
    enabledTitle: 'Donations enabled',
    enabledText: 'Configure the amounts and beneficiaries now, or later from Integrations › Donations.',
    configureNow: 'Configure Now',
    later: 'Later',
  },
  invoice: {
    title: 'Invoice',
    notFoundTitle: 'This invoice could not be found',
    notFoundDescription: 'Check the link, or open the invoice from your billing history.',
  },
  pastDue: {
    title: 'Past due invoices',
    emptyTitle: 'No past due invoices',
    emptyDescription: 'You have no invoices waiting for payment.',
  },
  subscription: {
    title: 'Subscription',
    notFoundTitle: 'This subscription could not be found',
    notFoundDescription: 'Check the link, or open the subscription from your billing page.',
  },
  creditGrant: {
    title: 'Credit grant',
    notFoundTitle: 'This credit grant could not be found',
    notFoundDescription: 'Check the link, or open the grant from your credit balance.',
  },
  adminCustomer: {
    title: 'Customer',
    notFoundTitle: 'This customer could not be found',
    notFoundDescription: 'The customer may have been removed, or the link may be wrong.',
  },
  checkout: checkoutEn,
  allowance: allowanceEn,
};
