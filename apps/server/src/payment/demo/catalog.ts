// The demo catalog: one payment link per kind of price the checkout supports. Amounts are smallest
// units of TUSD (6 decimals) unless noted.

export type DemoKind =
  'one_time' | 'recurring' | 'metered' | 'tiered' | 'upsell' | 'cross_sell' | 'credit' | 'donation';

export interface DemoLink {
  kind: DemoKind;
  title: string;
  description: string;
  /** The same texts in other locales (the demo page shows them to a visitor in that locale). */
  translations: { zh: { title: string; description: string } };
}

export const DEMO_LINKS: Record<DemoKind, DemoLink> = {
  one_time: {
    kind: 'one_time',
    title: 'E-book (one-time)',
    description: 'A one-time purchase with limited stock; pay in TUSD or ETH.',
    translations: {
      zh: { title: '电子书（一次性购买）', description: '限量库存的一次性购买；可用 TUSD 或 ETH 支付。' },
    },
  },
  recurring: {
    kind: 'recurring',
    title: 'Team plan (recurring)',
    description: 'Monthly subscription with a 7-day free trial.',
    translations: { zh: { title: '团队版（订阅）', description: '按月订阅，含 7 天免费试用。' } },
  },
  upsell: {
    kind: 'upsell',
    title: 'Pro plan (upsell)',
    description: 'Monthly plan with an offer to switch to yearly and save.',
    translations: {
      zh: { title: '专业版（升级推荐）', description: '按月订阅，并推荐改为按年付费以节省费用。' },
    },
  },
  metered: {
    kind: 'metered',
    title: 'API calls (metered)',
    description: 'Usage-based: billed per call at the end of each month.',
    translations: {
      zh: { title: 'API 调用（按量计费）', description: '按用量计费：每月月底按调用次数结算。' },
    },
  },
  tiered: {
    kind: 'tiered',
    title: 'Seats (tiered)',
    description: 'Graduated tiers: the first 5 seats cost more than the rest.',
    translations: { zh: { title: '席位（阶梯价格）', description: '累进阶梯：前 5 个席位单价更高。' } },
  },
  cross_sell: {
    kind: 'cross_sell',
    title: 'Starter kit (cross-sell)',
    description: 'Offers priority support beside the kit.',
    translations: { zh: { title: '入门套件（搭配推荐）', description: '在套件旁推荐优先支持服务。' } },
  },
  credit: {
    kind: 'credit',
    title: 'AI credits (credit top-up)',
    description: '500 credits for 5 TUSD.',
    translations: { zh: { title: 'AI 积分（积分充值）', description: '5 TUSD 购买 500 积分。' } },
  },
  donation: {
    kind: 'donation',
    title: 'Tip the author (donation)',
    description: 'Preset or custom amounts, shared with a beneficiary.',
    translations: { zh: { title: '打赏作者（捐赠）', description: '预设或自定义金额，与受益人分成。' } },
  },
};

export const TUSD = 1_000_000n;
