import { describe, expect, it } from 'vitest';
import { applyBalance } from './balance.js';
import { changePlan, cycleInvoice, upcomingInvoice } from './invoice.js';
import { nextPeriod, periodAt } from './period.js';
import { prorate, prorationLines, type BillingItem } from './proration.js';

const at = (iso: string) => new Date(iso);
const item = (priceId: string, amount: bigint, quantity = 1): BillingItem => ({ priceId, quantity, amount });
const month = { interval: 'month' };
const amounts = (lines: Array<{ amount: bigint }>) => lines.map((l) => l.amount);

// March 2026: 31 days. A change on the 11th at 00:00 leaves 21 of 31 days.
const march = { start: at('2026-03-01T00:00:00Z'), end: at('2026-04-01T00:00:00Z') };

describe('prorate', () => {
  it('rounds half up, exactly', () => {
    expect(prorate(1000n, 21n, 31n)).toBe(677n); // 677.419
    expect(prorate(6n, 3n, 4n)).toBe(5n); // 4.5
    expect(prorate(2n, 1n, 4n)).toBe(1n); // 0.5
    expect(prorate(1n, 1n, 3n)).toBe(0n); // 0.333
    expect(prorate(10n ** 70n, 1n, 3n)).toBe(
      3333333333333333333333333333333333333333333333333333333333333333333333n,
    );
  });
  it('refuses what it cannot mean', () => {
    expect(() => prorate(-1n, 1n, 2n)).toThrow(RangeError);
    expect(() => prorate(1n, 3n, 2n)).toThrow(RangeError);
    expect(() => prorate(1n, 0n, 0n)).toThrow(RangeError);
  });
});

describe('prorationLines', () => {
  it('upgrade mid-month: credits 21/31 of the old price, charges 21/31 of the new one', () => {
    const lines = prorationLines(
      [item('basic', 1000n)],
      [item('pro', 3000n)],
      march,
      at('2026-03-11T00:00:00Z'),
    );
    // 1000 x 21/31 = 677.42 -> 677; 3000 x 21/31 = 2032.26 -> 2032.
    expect(amounts(lines)).toEqual([-677n, 2032n]);
    expect(lines.map((l) => l.kind)).toEqual(['unused_time', 'remaining_time']);
    expect(lines[0]?.periodStart.toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect(lines[0]?.periodEnd.toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });

  it('counts whole seconds: milliseconds of the change instant are dropped', () => {
    const lines = prorationLines(
      [item('basic', 1000n)],
      [item('pro', 3000n)],
      march,
      at('2026-03-11T00:00:00.999Z'),
    );
    expect(amounts(lines)).toEqual([-677n, 2032n]);
    // One second later: 3000 x 1814399/2678400 = 2032.257 -> 2032, 1000 x ... = 677.419 -> 677.
    const later = prorationLines([item('basic', 2678400n)], [], march, at('2026-03-11T00:00:01Z'));
    expect(amounts(later)).toEqual([-1814399n]);
  });

  it('a change in the last partial second of a period whose bounds carry milliseconds prorates nothing', () => {
    const period = { start: new Date('2026-03-01T00:00:00.023Z'), end: new Date('2026-04-01T00:00:00.023Z') };
    // Inside the period by 13 ms, but no whole second is left of it.
    const lines = prorationLines(
      [item('basic', 1000n)],
      [item('pro', 3000n)],
      period,
      at('2026-04-01T00:00:00.010Z'),
    );
    expect(lines).toEqual([]);
    expect(() => prorationLines([], [], period, at('2026-04-01T00:00:00.023Z'))).toThrow(RangeError);
    expect(() => prorationLines([], [], period, at('2026-03-01T00:00:00.022Z'))).toThrow(RangeError);
  });

  it('downgrade in February 2026 (28 days): credit rounded half up in magnitude', () => {
    const feb = { start: at('2026-02-01T00:00:00Z'), end: at('2026-03-01T00:00:00Z') };
    // 21 of 28 days left: 999 x 0.75 = 749.25 -> 749; 333 x 0.75 = 249.75 -> 250; 6 x 0.75 = 4.5 -> 5.
    const lines = prorationLines([item('pro', 999n)], [item('lite', 333n)], feb, at('2026-02-08T00:00:00Z'));
    expect(amounts(lines)).toEqual([-749n, 250n]);
    expect(amounts(prorationLines([item('x', 6n)], [], feb, at('2026-02-08T00:00:00Z')))).toEqual([-5n]);
  });

  it('leap February 2028 (29 days)', () => {
    const feb = { start: at('2028-02-01T00:00:00Z'), end: at('2028-03-01T00:00:00Z') };
    // 15 of 29 days left: 2900 -> 1500, 5800 -> 3000.
    const lines = prorationLines([item('a', 2900n)], [item('b', 5800n)], feb, at('2028-02-15T00:00:00Z'));
    expect(amounts(lines)).toEqual([-1500n, 3000n]);
  });

  it('quantity change: credits the old quantity and charges the new one', () => {
    const april = { start: at('2026-04-01T00:00:00Z'), end: at('2026-05-01T00:00:00Z') };
    // 3 -> 5 seats of 500 with 10 of 30 days left: -1500/3 = -500, 2500/3 = 833.33 -> 833.
    const lines = prorationLines(
      [item('seat', 1500n, 3)],
      [item('seat', 2500n, 5)],
      april,
      at('2026-04-21T00:00:00Z'),
    );
    expect(amounts(lines)).toEqual([-500n, 833n]);
    expect(lines.map((l) => l.quantity)).toEqual([3, 5]);
  });

  it('leaves unchanged items alone and refuses a change outside the period', () => {
    const same = [item('a', 100n), item('b', 200n)];
    expect(prorationLines(same, [...same], march, at('2026-03-05T00:00:00Z'))).toEqual([]);
    expect(amounts(prorationLines(same, [item('a', 100n)], march, at('2026-03-11T00:00:00Z')))).toEqual([
      -135n,
    ]);
    expect(() => prorationLines(same, same, march, at('2026-04-01T00:00:00Z'))).toThrow(RangeError);
    expect(() => prorationLines([item('a', 1n), item('a', 2n)], [], march, march.start)).toThrow(RangeError);
  });
});

describe('periods from a Jan 31 anchor', () => {
  const anchor = at('2026-01-31T09:00:00Z');
  it('finds the period that contains an instant', () => {
    const p = periodAt(anchor, month, at('2026-03-15T00:00:00Z'));
    expect([p.index, p.start.toISOString(), p.end.toISOString()]).toEqual([
      1,
      '2026-02-28T09:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
    ]);
    expect(periodAt(anchor, month, at('2026-02-28T08:59:59Z')).index).toBe(0);
    expect(periodAt(anchor, month, at('2026-02-28T09:00:00Z')).index).toBe(1);
    expect(nextPeriod(anchor, month, at('2026-03-31T09:00:00Z')).end.toISOString()).toBe(
      '2026-04-30T09:00:00.000Z',
    );
    expect(periodAt(anchor, month, at('2027-01-31T09:00:00Z')).index).toBe(12);
    expect(periodAt(anchor, { interval: 'week', interval_count: 2 }, at('2026-02-14T09:00:00Z')).index).toBe(
      1,
    );
    expect(() => periodAt(anchor, month, at('2026-01-01T00:00:00Z'))).toThrow(RangeError);
  });
  it('prorates over the clamped period (Feb 28 09:00 to Mar 31 09:00 = 31 days)', () => {
    const p = periodAt(anchor, month, at('2026-03-10T09:00:00Z'));
    const lines = prorationLines([item('basic', 1000n)], [item('pro', 3000n)], p, at('2026-03-10T09:00:00Z'));
    expect(amounts(lines)).toEqual([-677n, 2032n]);
  });
});

describe('applyBalance', () => {
  it('pays what it can, keeps the rest, credits a negative total', () => {
    expect(applyBalance(1355n, 500n)).toEqual({
      startingBalance: 500n,
      appliedBalance: 500n,
      credited: 0n,
      endingBalance: 0n,
      amountDue: 855n,
    });
    expect(applyBalance(1355n, 2000n)).toMatchObject({
      appliedBalance: 1355n,
      endingBalance: 645n,
      amountDue: 0n,
    });
    expect(applyBalance(-499n, 10n)).toMatchObject({
      appliedBalance: 0n,
      credited: 499n,
      endingBalance: 509n,
      amountDue: 0n,
    });
    expect(() => applyBalance(1n, -1n)).toThrow(RangeError);
  });
});

describe('changePlan', () => {
  const base = { period: march, at: at('2026-03-11T00:00:00Z'), balance: 500n };
  const up = { ...base, from: [item('basic', 1000n)], to: [item('pro', 3000n)] };
  const down = { ...base, from: [item('pro', 3000n)], to: [item('basic', 1000n)] };

  it('upgrade, create_prorations: an invoice due now, the balance applied first, pending until paid', () => {
    const c = changePlan({ ...up, behavior: 'create_prorations' });
    expect(c.net).toBe(1355n);
    expect(c.invoice).toMatchObject({
      total: 1355n,
      appliedBalance: 500n,
      amountDue: 855n,
      endingBalance: 0n,
    });
    expect([c.credit, c.pending]).toEqual([0n, true]);
    const covered = changePlan({ ...up, behavior: 'create_prorations', balance: 2000n });
    expect(covered.invoice).toMatchObject({ amountDue: 0n, endingBalance: 645n });
    expect(covered.pending).toBe(false);
  });

  it('downgrade, create_prorations: no invoice, the net credit goes to the balance', () => {
    const c = changePlan({ ...down, behavior: 'create_prorations' });
    // -2032 + 677 = -1355.
    expect([c.net, c.invoice, c.credit, c.pending]).toEqual([-1355n, null, 1355n, false]);
  });

  it('downgrade, always_invoice: a credit invoice whose negative total goes to the balance', () => {
    const c = changePlan({ ...down, behavior: 'always_invoice' });
    expect(c.invoice).toMatchObject({ total: -1355n, amountDue: 0n, credited: 1355n, endingBalance: 1855n });
    expect([c.credit, c.pending]).toEqual([1355n, false]);
  });

  it('none: no proration at all', () => {
    expect(changePlan({ ...up, behavior: 'none' })).toEqual({
      lines: [],
      net: 0n,
      invoice: null,
      credit: 0n,
      pending: false,
    });
  });
});

describe('invoices', () => {
  it('the renewal invoice bills every item for the whole period and consumes the credit', () => {
    const inv = cycleInvoice([item('a', 1000n), item('b', 250n, 0)], march, 300n);
    expect(inv.lines).toHaveLength(1);
    expect(inv).toMatchObject({ subtotal: 1000n, total: 1000n, appliedBalance: 300n, amountDue: 700n });
  });

  it('previews the next invoice after a downgrade with its credit', () => {
    const feb = { start: at('2026-02-01T00:00:00Z'), end: at('2026-03-01T00:00:00Z') };
    const preview = upcomingInvoice({
      items: [item('pro', 999n)],
      anchor: feb.start,
      recurring: month,
      period: feb,
      balance: 100n,
      change: { to: [item('lite', 333n)], at: at('2026-02-08T00:00:00Z'), behavior: 'create_prorations' },
    });
    // Credit 749 - 250 = 499; balance 599 pays the 333 of March, 266 left.
    expect(preview.change?.credit).toBe(499n);
    expect(preview.period.start.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(preview.period.end.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(preview.invoice).toMatchObject({
      total: 333n,
      appliedBalance: 333n,
      amountDue: 0n,
      endingBalance: 266n,
    });
    const plain = upcomingInvoice({
      items: [item('pro', 999n)],
      anchor: feb.start,
      recurring: month,
      period: feb,
      balance: 0n,
    });
    expect([plain.change, plain.invoice.amountDue]).toEqual([null, 999n]);
  });
});
