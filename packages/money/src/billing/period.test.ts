import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addInterval, type RecurringSpec } from '../interval.js';
import { changePlan } from './invoice.js';
import { periodAt } from './period.js';

const specs: RecurringSpec[] = [
  { interval: 'month' },
  { interval: 'month', interval_count: 3 },
  { interval: 'year' },
  { interval: 'week' },
  { interval: 'day', interval_count: 10 },
  { interval: 'hour', interval_count: 5 },
];

describe('periodAt', () => {
  it('finds the one period n with addInterval(anchor, n) <= at < addInterval(anchor, n + 1)', () => {
    const min = Date.UTC(2020, 0, 1);
    const max = Date.UTC(2040, 0, 1);
    fc.assert(
      fc.property(
        fc.integer({ min, max }),
        fc.integer({ min: 0, max: 6 * 365 * 86_400_000 }),
        fc.constantFrom(...specs),
        (anchorMs, offset, spec) => {
          const anchor = new Date(anchorMs);
          const at = new Date(anchorMs + offset);
          const p = periodAt(anchor, spec, at);
          expect(p.start.getTime()).toBe(addInterval(anchor, spec, p.index).getTime());
          expect(p.end.getTime()).toBe(addInterval(anchor, spec, p.index + 1).getTime());
          expect(p.start.getTime() <= at.getTime() && at.getTime() < p.end.getTime()).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('the worked example of payment/billing/README.md', () => {
  it('Basic 10 TUSD to Pro 30 TUSD on March 11 with 5 TUSD of credit', () => {
    const march = { start: new Date('2026-03-01T00:00:00Z'), end: new Date('2026-04-01T00:00:00Z') };
    const basic = { priceId: 'basic', quantity: 1, amount: 10_000_000n };
    const pro = { priceId: 'pro', quantity: 1, amount: 30_000_000n };
    const at = new Date('2026-03-11T00:00:00Z');
    const up = changePlan({
      from: [basic],
      to: [pro],
      period: march,
      at,
      behavior: 'create_prorations',
      balance: 5_000_000n,
    });
    expect(up.lines.map((l) => l.amount)).toEqual([-6_774_194n, 20_322_581n]);
    expect(up.invoice).toMatchObject({
      total: 13_548_387n,
      startingBalance: 5_000_000n,
      appliedBalance: 5_000_000n,
      amountDue: 8_548_387n,
    });
    const down = changePlan({
      from: [pro],
      to: [basic],
      period: march,
      at,
      behavior: 'create_prorations',
      balance: 0n,
    });
    expect([down.credit, down.invoice]).toEqual([13_548_387n, null]);
  });
});
