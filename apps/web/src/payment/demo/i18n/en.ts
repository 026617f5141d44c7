/** Strings of the demo page (test mode): the seeded payment links, one per kind of price. */
export const demoEn = {
  title: 'Try a checkout',
  subtitle:
    'Test-mode payment links for every kind of price. Pay with the test wallet or a browser wallet on the local chain; no real money moves.',
  testMode: 'Test mode',
  open: 'Open checkout',
  copy: 'Copy link',
  copied: 'Link copied',
  archived: 'Archived',
  loadFailed: 'The demo links could not be loaded: {{message}}',
  emptyTitle: 'No demo data on this install',
  emptyDescription:
    'Start Payshelf with npm start (or DEMO_DATA=1) to seed a test-mode catalog with a payment link per kind of price.',
  kinds: {
    one_time: 'One-time purchase',
    recurring: 'Subscription with a trial',
    upsell: 'Upsell to a yearly plan',
    metered: 'Metered usage',
    tiered: 'Tiered pricing',
    cross_sell: 'Cross-sell',
    credit: 'Credit top-up',
    donation: 'Donation',
    other: 'Payment link',
  },
};
