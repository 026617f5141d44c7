import { subscriptionDetail } from '@payshelf/api';
import { describe, expect, it } from 'vitest';
import { fakePrice } from '../../checkout/logic/testFixtures';
import {
  endDate,
  nextPayment,
  planItems,
  subscriptionLabel,
  subscriptionStatusColor,
  trialLeft,
} from './subscriptionView';
import { fakeProduct, fakeSubscription } from './testFixtures';

const T0 = Date.parse('2026-01-01T00:00:00.000Z') / 1000;
const at = (secondsAfterT0: number) => new Date((T0 + secondsAfterT0) * 1000).toISOString();

describe('subscription view', () => {
  it('prices each plan item per period with the checkout interval wording', () => {
    const quarterly = fakePrice({
      id: 'price_quarter0',
      type: 'recurring',
      unit_amount: '12000000',
      recurring: { interval: 'month', interval_count: 3, usage_type: 'licensed' },
      product: fakeProduct('Quarterly'),
    });
    const metered = fakePrice({
      id: 'price_metered0',
      type: 'recurring',
      unit_amount: '1000',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'metered' },
      product: fakeProduct('API calls'),
    });
    const sub = fakeSubscription();
    const [first] = sub.items;
    if (!first) throw new Error('fixture has an item');
    const items = planItems({
      ...sub,
      items: [
        ...sub.items,
        { ...first, id: 'si_b', price_id: quarterly.id, quantity: 1, price: quarterly },
        { ...first, id: 'si_c', price_id: metered.id, quantity: 1, price: metered },
      ],
    });
    expect(items.map((i) => [i.name, i.amount, i.metered, i.period?.key])).toEqual([
      ['Pro plan', 10_000_000n, false, 'month'],
      ['Quarterly', 12_000_000n, false, 'month3'],
      ['API calls', null, true, 'month'],
    ]);
  });

  it('prices in the subscription currency through the price currency options', () => {
    const sub = fakeSubscription({ currency_id: 'pc_eth00000' });
    const [item] = sub.items;
    if (!item?.price) throw new Error('fixture has a price');
    const priced = { ...item.price, currency_options: [{ currency_id: 'pc_eth00000', unit_amount: '3000' }] };
    expect(planItems({ ...sub, items: [{ ...item, price: priced }] })[0]?.amount).toBe(6000n);
    expect(planItems(sub)[0]?.amount).toBeNull();
  });

  it('words the trial time left in minutes, hours or days, and nothing once it ended', () => {
    expect(trialLeft(at(59 * 60 + 1), T0)).toEqual({ unit: 'minute', count: 60 });
    expect(trialLeft(at(3600 + 1), T0)).toEqual({ unit: 'hour', count: 2 });
    expect(trialLeft(at(7 * 86_400), T0)).toEqual({ unit: 'day', count: 7 });
    expect(trialLeft(at(-1), T0)).toBeNull();
    expect(trialLeft(null, T0)).toBeNull();
  });

  it('bills next at the trial end or the period end, licensed items only, and not after cancel', () => {
    expect(nextPayment(fakeSubscription())).toEqual({
      date: '2026-02-01T00:00:00.000Z',
      amount: 10_000_000n,
    });
    const trialing = fakeSubscription({ status: 'trialing', trial_end: at(7 * 86_400) });
    expect(nextPayment(trialing)?.date).toBe(at(7 * 86_400));
    expect(nextPayment(fakeSubscription({ status: 'canceled' }))).toBeNull();
    expect(nextPayment(fakeSubscription({ cancel_at_period_end: true }))).toBeNull();
  });

  it('tells when it ends', () => {
    expect(endDate(fakeSubscription())).toBeNull();
    expect(endDate(fakeSubscription({ cancel_at_period_end: true }))).toBe('2026-02-01T00:00:00.000Z');
    expect(endDate(fakeSubscription({ cancel_at: at(10) }))).toBe(at(10));
  });

  it('colours the status and titles the subscription by its first product', () => {
    expect(subscriptionStatusColor('active')).toBe('success');
    expect(subscriptionStatusColor('trialing')).toBe('info');
    expect(subscriptionStatusColor('past_due')).toBe('warning');
    expect(subscriptionStatusColor('canceled')).toBe('default');
    expect(subscriptionLabel(fakeSubscription(), 'en')).toBe('Pro plan');
    expect(subscriptionLabel(fakeSubscription(), 'zh')).toBe('Pro plan');
    expect(subscriptionLabel(fakeSubscription({ items: [] }), 'zh')).toBe('sub_aaaaaaaa');
    const [item] = fakeSubscription().items;
    if (!item?.price?.product) throw new Error('fixture has a product');
    const zhProduct = { ...item.price.product, metadata: { translations: { zh: { name: '专业版' } } } };
    const translated = fakeSubscription({
      items: [{ ...item, price: { ...item.price, product: zhProduct } }],
    });
    expect(subscriptionLabel(translated, 'zh')).toBe('专业版');
    expect(subscriptionLabel(translated, 'en')).toBe('Pro plan');
    expect(subscriptionDetail.safeParse(fakeSubscription()).success).toBe(true);
  });
});
