// The reference model of the billing rules for billing.property.test.ts: its own calendar, rounding
// and balance arithmetic, written without the package's functions (a test fixture, not shipped).
import type { RecurringSpec } from '../interval.js';
import type { ProrationBehavior } from './proration.js';

export type Qty = Array<{ price: number; quantity: number }>;
export type Step =
  | { kind: 'change'; items: Qty; behavior: ProrationBehavior }
  | { kind: 'pay' | 'fail' | 'cancel' | 'resume' }
  | { kind: 'advance'; ms: number };

export interface Invoice {
  reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  status: 'paid' | 'open' | 'void';
  lines: string[];
  total: bigint;
  applied: bigint;
  credited: bigint;
  due: bigint;
}

export interface Snapshot {
  balance: bigint;
  ended: boolean;
  items: string;
  pending: string | null;
  invoices: Invoice[];
}

// ---- The reference model: no import from the package below this line. -------------------------

export const DAY_MS = 86_400_000;
const FIXED_MS: Record<string, number> = { hour: 3_600_000, day: DAY_MS, week: 7 * DAY_MS };
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const daysIn = (y: number, m: number) => (m === 1 && leap(y) ? 29 : (DAYS[m] ?? 0));

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

export class Reference {
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
