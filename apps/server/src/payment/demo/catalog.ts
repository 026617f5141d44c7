// The demo catalog: one payment link per kind of price the checkout supports. Amounts are smallest
// units of TUSD (6 decimals) unless noted.

export type DemoKind =
  'one_time' | 'recurring' | 'metered' | 'tiered' | 'upsell' | 'cross_sell' | 'credit' | 'donation';

export interface DemoLink {
  kind: DemoKind;
  title: string;
  description: string;
}

export const DEMO_LINKS: Record<DemoKind, DemoLink> = {
  one_time: {
    kind: 'one_time',
    title: 'E-book (one-time)',
    description: 'A one-time purchase with limited stock; pay in TUSD or ETH.',
  },
  recurring: {
    kind: 'recurring',
    title: 'Team plan (recurring)',
    description: 'Monthly subscription with a 7-day free trial.',
  },
  upsell: {
    kind: 'upsell',
    title: 'Pro plan (upsell)',
    description: 'Monthly plan with an offer to switch to yearly and save.',
  },
  metered: {
    kind: 'metered',
    title: 'API calls (metered)',
    description: 'Usage-based: billed per call at the end of each month.',
  },
  tiered: {
    kind: 'tiered',
    title: 'Seats (tiered)',
    description: 'Graduated tiers: the first 5 seats cost more than the rest.',
  },
  cross_sell: {
    kind: 'cross_sell',
    title: 'Starter kit (cross-sell)',
    description: 'Offers priority support beside the kit.',
  },
  credit: { kind: 'credit', title: 'AI credits (credit top-up)', description: '500 credits for 5 TUSD.' },
  donation: {
    kind: 'donation',
    title: 'Tip the author (donation)',
    description: 'Preset or custom amounts, shared with a beneficiary.',
  },
};

export const TUSD = 1_000_000n;
