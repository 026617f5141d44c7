import { describe, expect, it } from 'vitest';
import { planSubscriptions, type PlanLine } from './plan.js';

const NOW = new Date('2026-01-31T10:00:00.000Z');
const monthly = { interval: 'month', interval_count: 1 };
const noTrial = { data: null, currencyId: 'pc_a' };

describe('planSubscriptions', () => {
  it('one active subscription for lines of one interval, period one calendar month', () => {
    const lines: PlanLine[] = [
      { priceId: 'price_seat', quantity: 3, recurring: monthly },
      { priceId: 'price_calls', quantity: 1, recurring: { interval: 'month' } },
      { priceId: 'price_book', quantity: 1, recurring: null },
    ];
    const [sub, ...rest] = planSubscriptions(lines, noTrial, NOW);
    expect(rest).toEqual([]);
    expect(sub).toEqual({
      interval: 'month',
      intervalCount: 1,
      items: [
        { priceId: 'price_seat', quantity: 3 },
        { priceId: 'price_calls', quantity: 1 },
      ],
      status: 'active',
      start: NOW,
      periodEnd: new Date('2026-02-28T10:00:00.000Z'),
      trialStart: null,
      trialEnd: null,
    });
  });

  it('one subscription per interval, in the order of the lines; a repeated price sums its quantity', () => {
    const lines: PlanLine[] = [
      { priceId: 'price_year', quantity: 1, recurring: { interval: 'year' } },
      { priceId: 'price_month', quantity: 1, recurring: monthly },
      { priceId: 'price_quarter', quantity: 2, recurring: { interval: 'month', interval_count: 3 } },
      { priceId: 'price_month', quantity: 4, recurring: monthly },
    ];
    const plan = planSubscriptions(lines, noTrial, NOW);
    expect(plan.map((p) => [p.interval, p.intervalCount, p.items, p.periodEnd.toISOString()])).toEqual([
      ['year', 1, [{ priceId: 'price_year', quantity: 1 }], '2027-01-31T10:00:00.000Z'],
      ['month', 1, [{ priceId: 'price_month', quantity: 5 }], '2026-02-28T10:00:00.000Z'],
      ['month', 3, [{ priceId: 'price_quarter', quantity: 2 }], '2026-04-30T10:00:00.000Z'],
    ]);
  });

  it('trialing: the period ends with the trial', () => {
    const lines: PlanLine[] = [{ priceId: 'price_team', quantity: 1, recurring: monthly }];
    const [sub] = planSubscriptions(lines, { data: { trial_period_days: 7 }, currencyId: 'pc_a' }, NOW);
    const end = new Date('2026-02-07T10:00:00.000Z');
    expect(sub).toMatchObject({ status: 'trialing', trialStart: NOW, trialEnd: end, periodEnd: end });
  });

  it('a trial limited to other currencies is dropped', () => {
    const lines: PlanLine[] = [{ priceId: 'price_team', quantity: 1, recurring: monthly }];
    const data = { trial_period_days: 7, trial_currency: 'pc_other' };
    const [sub] = planSubscriptions(lines, { data, currencyId: 'pc_a' }, NOW);
    expect(sub).toMatchObject({ status: 'active', trialEnd: null });
  });

  it('no recurring line, no subscription', () => {
    expect(planSubscriptions([{ priceId: 'p', quantity: 1, recurring: null }], noTrial, NOW)).toEqual([]);
  });
});
