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

type Qty = Array<{ price: number; quantity: number }>;
type Step =
  | { kind: 'change'; items: Qty; behavior: ProrationBehavior }
  | { kind: 'pay' | 'fail' | 'cancel' | 'resume' }
  | { kind: 'advance'; ms: number };

interface Invoice {
  reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  status: 'paid' | 'open' | 'void';
  lines: string[];
  total: bigint;
  applied: bigint;
  credited: bigint;
  due: bigint;
}

interface Snapshot {
  balance: bigint;
  ended: boolean;
  items: string;
  pending: string | null;
  invoices: Invoice[];
}

// ---- The reference model: no import from the package below this line. -------------------------

const DAY_MS = 86_400_000;
const FIXED_MS: Record<string, number> = { hour: 3_600_000, day: DAY_MS, week: 7 * DAY_MS };
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (y: number, m: number) => (m === 1 && leap(y) ? 29 : (DAYS[m] ?? 0));

/** The end of period n-1 = the start of period n, counted from the anchor. */
function refBoundary(anchor: Date, spec: RecurringSpec, n: number): number {
  const count = spec.interval_count ?? 1;
  const fixed = FIXED_MS[spec.interval];
  if (fixed !== undefined) return anchor.getTime() + fixed * count * n;
  const months = anchor.getUTCMonth() + n * count * (spec.interval === 'year' ? 12 : 1);
  const y = anchor.getUTCFullYear() + Math.floor(months / 12);
  const m = months % 12;
  const d = Math.min(anchor.getUTCDate(), daysIn(y, m));
  const t = anchor.getTime() % DAY_MS;
  return Date.UTC(y, m, d) + t;
}

/** x / whole rounded half up, by quotient and remainder. */
function refRound(x: bigint, whole: bigint): bigint {
  const q = x / whole;
  return 2n * (x % whole) >= whole ? q + 1n : q;
}

class Reference {
  balance = 0n;
  ended = false;
  cancelAtEnd = false;
  index = 0;
  now: number;
  items: Map<number, number>;
  pending: { items: Map<number, number>; invoice: Invoice } | null = null;
  invoices: Invoice[] = [];

  constructor(
    readonly anchor: Date,
    readonly spec: RecurringSpec,
    readonly units: bigint[],
    items: Qty,
  ) {
    this.now = anchor.getTime();
    this.items = new Map(items.map((i) => [i.price, i.quantity]));
    this.bill('subscription_create', 0);
  }

  amount(price: number, quantity: number): bigint {
    return (this.units[price] ?? 0n) * BigInt(quantity);
  }

  bill(reason: Invoice['reason'], n: number): void {
    const lines: string[] = [];
    let total = 0n;
    for (const [price, quantity] of this.items) {
      const amount = this.amount(price, quantity);
      total += amount;
      const [s, e] = [refBoundary(this.anchor, this.spec, n), refBoundary(this.anchor, this.spec, n + 1)];
      lines.push(`p${price}x${quantity}:${amount}@${s}-${e}`);
    }
    const applied = this.balance < total ? this.balance : total;
    this.balance -= applied;
    this.invoices.push({ reason, status: 'paid', lines, total, applied, credited: 0n, due: total - applied });
  }

  change(to: Map<number, number>, behavior: ProrationBehavior): void {
    if (this.ended || this.pending) return;
    if (behavior === 'none') {
      this.items = to;
      return;
    }
    const secs = (ms: number) => BigInt(Math.floor(ms / 1000));
    const start = secs(refBoundary(this.anchor, this.spec, this.index));
    const end = secs(refBoundary(this.anchor, this.spec, this.index + 1));
    const whole = end - start;
    const left = end - secs(this.now);
    const lines: string[] = [];
    let net = 0n;
    const line = (price: number, quantity: number, sign: bigint) => {
      const part = refRound(this.amount(price, quantity) * left, whole);
      if (part === 0n || quantity === 0) return;
      net += sign * part;
      lines.push(`p${price}x${quantity}:${sign * part}@${secs(this.now)}`);
    };
    for (const [p, q] of this.items) if (to.get(p) !== q) line(p, q, -1n);
    for (const [p, q] of to) if (this.items.get(p) !== q) line(p, q, 1n);
    if (behavior === 'create_prorations' && net <= 0n) {
      this.balance += -net;
      this.items = to;
      return;
    }
    let applied = 0n;
    let credited = 0n;
    if (net > 0n) applied = this.balance < net ? this.balance : net;
    else credited = -net;
    this.balance += credited - applied;
    const due = net > 0n ? net - applied : 0n;
    const invoice: Invoice = {
      reason: 'subscription_update',
      status: due > 0n ? 'open' : 'paid',
      lines,
      total: net,
      applied,
      credited,
      due,
    };
    this.invoices.push(invoice);
    if (due > 0n) this.pending = { items: to, invoice };
    else this.items = to;
  }

  pay(): void {
    if (!this.pending) return;
    this.pending.invoice.status = 'paid';
    this.items = this.pending.items;
    this.pending = null;
  }

  /** The update invoice is not paid: void it, give back the credit it used, drop the change. */
  fail(): void {
    if (!this.pending) return;
    this.pending.invoice.status = 'void';
    this.balance += this.pending.invoice.applied;
    this.pending = null;
  }

  advance(ms: number): void {
    const target = this.now + ms;
    while (!this.ended && refBoundary(this.anchor, this.spec, this.index + 1) <= target) {
      this.fail();
      this.index += 1;
      this.now = refBoundary(this.anchor, this.spec, this.index);
      if (this.cancelAtEnd) this.ended = true;
      else this.bill('subscription_cycle', this.index);
    }
    this.now = target;
  }

  snapshot(): Snapshot {
    const items = (m: Map<number, number>) => [...m].map(([p, q]) => `p${p}x${q}`).join(',');
    return {
      balance: this.balance,
      ended: this.ended,
      items: items(this.items),
      pending: this.pending ? items(this.pending.items) : null,
      invoices: this.invoices.map((i) => ({ ...i, lines: [...i.lines] })),
    };
  }
}

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
