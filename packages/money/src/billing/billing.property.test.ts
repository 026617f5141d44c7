// Property test: a plain reference model of the billing rules, written without the package's
// functions (its own calendar, rounding and balance arithmetic), against a driver built only on the
// package's functions. Thousands of random lives of a subscription (subscribe, upgrade, downgrade,
// quantity change under each proration_behavior, pay or fail the update invoice, cancel, resume,
// advance time) must agree on every invoice, proration line and balance after every step.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecurringSpec } from '../interval.js';
import { changePlan, cycleInvoice } from './invoice.js';
import { nextPeriod, periodAt, periodBounds } from './period.js';
import type { BillingItem, ProrationBehavior } from './proration.js';
import {
  DAY_MS,
  daysIn,
  Reference,
  type Invoice,
  type Qty,
  type Snapshot,
  type Step,
} from './reference-model.fixture.js';

// ---- The driver: the same life, computed only with the package's functions. -----------------

class Driver {
  balance = 0n;
  ended = false;
  cancelAtEnd = false;
  now: Date;
  items: BillingItem[];
  pending: { items: BillingItem[]; invoice: Invoice } | null = null;
  invoices: Invoice[] = [];

  constructor(
    readonly anchor: Date,
    readonly spec: RecurringSpec,
    readonly units: bigint[],
    items: Qty,
  ) {
    this.now = anchor;
    this.items = this.toItems(items);
    this.bill('subscription_create', periodBounds(anchor, spec, 0));
  }

  toItems(q: Qty): BillingItem[] {
    return q.map((i) => ({
      priceId: `p${i.price}`,
      quantity: i.quantity,
      amount: (this.units[i.price] ?? 0n) * BigInt(i.quantity),
    }));
  }

  bill(reason: Invoice['reason'], period: { start: Date; end: Date }): void {
    const d = cycleInvoice(this.items, period, this.balance);
    this.balance = d.endingBalance;
    const lines = d.lines.map(
      (l) => `${l.priceId}x${l.quantity}:${l.amount}@${l.periodStart.getTime()}-${l.periodEnd.getTime()}`,
    );
    this.invoices.push({
      reason,
      status: 'paid',
      lines,
      total: d.total,
      applied: d.appliedBalance,
      credited: d.credited,
      due: d.amountDue,
    });
  }

  change(to: BillingItem[], behavior: ProrationBehavior): void {
    if (this.ended || this.pending) return;
    const period = periodAt(this.anchor, this.spec, this.now);
    const c = changePlan({ from: this.items, to, period, at: this.now, behavior, balance: this.balance });
    if (!c.invoice) {
      this.balance += c.credit;
      this.items = to;
      return;
    }
    const inv = c.invoice;
    this.balance = inv.endingBalance;
    const lines = c.lines.map(
      (l) => `${l.priceId}x${l.quantity}:${l.amount}@${l.periodStart.getTime() / 1000}`,
    );
    const invoice: Invoice = {
      reason: 'subscription_update',
      status: c.pending ? 'open' : 'paid',
      lines,
      total: inv.total,
      applied: inv.appliedBalance,
      credited: inv.credited,
      due: inv.amountDue,
    };
    this.invoices.push(invoice);
    if (c.pending) this.pending = { items: to, invoice };
    else this.items = to;
  }

  pay(): void {
    if (!this.pending) return;
    this.pending.invoice.status = 'paid';
    this.items = this.pending.items;
    this.pending = null;
  }

  fail(): void {
    if (!this.pending) return;
    this.pending.invoice.status = 'void';
    this.balance += this.pending.invoice.applied;
    this.pending = null;
  }

  advance(ms: number): void {
    const target = new Date(this.now.getTime() + ms);
    while (!this.ended) {
      const current = periodAt(this.anchor, this.spec, this.now);
      if (current.end.getTime() > target.getTime()) break;
      this.fail();
      this.now = current.end;
      if (this.cancelAtEnd) this.ended = true;
      else this.bill('subscription_cycle', nextPeriod(this.anchor, this.spec, current.end));
    }
    this.now = target;
  }

  snapshot(): Snapshot {
    const items = (list: BillingItem[]) => list.map((i) => `${i.priceId}x${i.quantity}`).join(',');
    return {
      balance: this.balance,
      ended: this.ended,
      items: items(this.items),
      pending: this.pending ? items(this.pending.items) : null,
      invoices: this.invoices.map((i) => ({ ...i, lines: [...i.lines] })),
    };
  }
}

// ---- Random lives. ---------------------------------------------------------------------------

const PRICES = 4;
const qtyArb: fc.Arbitrary<Qty> = fc.uniqueArray(
  fc.record({ price: fc.nat(PRICES - 1), quantity: fc.integer({ min: 1, max: 5 }) }),
  {
    minLength: 1,
    maxLength: 3,
    selector: (i) => i.price,
  },
);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('change' as const),
      items: qtyArb,
      behavior: fc.constantFrom<ProrationBehavior>('create_prorations', 'none', 'always_invoice'),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.integer({ min: 1, max: 75 * DAY_MS }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('pay' as const, 'fail' as const, 'cancel' as const, 'resume' as const),
    }),
  },
);
const specArb: fc.Arbitrary<RecurringSpec> = fc.constantFrom<RecurringSpec>(
  { interval: 'month' },
  { interval: 'month' },
  { interval: 'month', interval_count: 3 },
  { interval: 'year' },
  { interval: 'week' },
  { interval: 'day', interval_count: 10 },
);
// Anchors between 2024 and 2031 with milliseconds, biased to month ends (the 28th to the 31st).
const anchorArb = fc
  .record({
    y: fc.integer({ min: 2024, max: 2031 }),
    m: fc.nat(11),
    d: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 28, max: 31 })),
    ms: fc.nat(DAY_MS - 1),
  })
  .map(({ y, m, d, ms }) => new Date(Date.UTC(y, m, Math.min(d, daysIn(y, m))) + ms));
const unitArb = fc.oneof(fc.bigInt({ min: 0n, max: 10_000_000n }), fc.bigInt({ min: 0n, max: 10n ** 30n }));

const show = (s: Snapshot) => JSON.stringify(s, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

describe('billing rules against a reference model', () => {
  it('agree on every invoice, proration and balance after every step', () => {
    let compared = 0;
    fc.assert(
      fc.property(
        anchorArb,
        specArb,
        fc.array(unitArb, { minLength: PRICES, maxLength: PRICES }),
        qtyArb,
        fc.array(stepArb, { maxLength: 40 }),
        (anchor, spec, units, start, steps) => {
          const ref = new Reference(anchor, spec, units, start);
          const drv = new Driver(anchor, spec, units, start);
          const same = () => {
            const want = ref.snapshot();
            const got = drv.snapshot();
            // Strings first: toEqual on every step of 3000 lives is slow, so it runs on a mismatch.
            if (show(got) !== show(want)) expect(got).toEqual(want);
            expect(want.balance >= 0n).toBe(true);
          };
          same();
          for (const step of steps) {
            if (step.kind === 'change') {
              ref.change(new Map(step.items.map((i) => [i.price, i.quantity])), step.behavior);
              drv.change(drv.toItems(step.items), step.behavior);
            } else if (step.kind === 'advance') {
              ref.advance(step.ms);
              drv.advance(step.ms);
            } else if (step.kind === 'cancel' || step.kind === 'resume') {
              ref.cancelAtEnd = step.kind === 'cancel';
              drv.cancelAtEnd = step.kind === 'cancel';
            } else {
              ref[step.kind]();
              drv[step.kind]();
            }
            same();
            compared += 1;
          }
        },
      ),
      { numRuns: 3000 },
    );
    expect(compared).toBeGreaterThan(10_000);
  }, 120_000);
});
