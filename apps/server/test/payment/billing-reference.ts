// The reference model of the billing rules (plain TypeScript, no engine code) that billing-model.test.ts
// checks the engine against. One customer (one test clock) with send_invoice subscriptions of one
// monthly item each (a price and a quantity); times are milliseconds, money bigint.
// - Periods: calendar months from the anchor (a day missing in a short month is its last day).
// - Invoices: the customer's credit balance is applied first; an invoice with nothing left due is paid
//   at once, any other is open and due DAYS_UNTIL_DUE days later.
// - Plan change (price or quantity) at `now`, to the second, Stripe's rule: credit the unused time of
//   the old item, charge the remaining time of the new one, each line rounded half up on its own
//   (amount x remaining / whole seconds). A net charge is a subscription_update invoice (the change
//   waits for it to be paid); a net credit goes to the balance and the change applies at once.
// - Dunning: a failed collection counts an attempt and plans the next one RETRY_DAYS after the first
//   attempt; after the last one the subscription goes past_due. An open invoice not paid (nor tried)
//   by its due date is a failed attempt with no retry: past_due. GRACE_DAYS after it went past_due
//   the subscription is canceled and its open invoices are uncollectible. Paying brings it back.
//   A failed forced attempt on a canceled subscription's open invoice is recorded, with no retry.
// - Cancel now ends it at once (no credit); at period end it is canceled when the period ends.
// - Work due at one instant runs as the engine does: renewals, then collections, due dates, graces;
//   work planned for a time already past runs at once.
export const DAY_MS = 86_400_000;
export const DAYS_UNTIL_DUE = 10;
export const RETRY_DAYS = [1, 3, 5];
export const GRACE_DAYS = 7;

export type SubStatus = 'active' | 'past_due' | 'canceled';
export type InvoiceStatus = 'open' | 'paid' | 'uncollectible';

export interface ModelInvoice {
  sub: number;
  reason: string;
  total: bigint;
  applied: bigint;
  due: bigint;
  status: InvoiceStatus;
  attempts: number;
  firstAttempt: number | null;
  next: number | null;
  dueDate: number | null;
}

export interface Item {
  price: number;
  quantity: number;
}

export interface ModelSub {
  status: SubStatus;
  item: Item;
  anchor: number;
  months: number;
  start: number;
  end: number;
  cancelAtPeriodEnd: boolean;
  pending: { item: Item; invoice: number } | null;
  pastDueAt: number | null;
}

/** Calendar months after `anchor` (UTC), the day clamped to the month's last. */
export function addMonths(anchor: number, n: number): number {
  const d = new Date(anchor);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + n;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(d.getUTCDate(), last),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}

/** amount x part / whole, rounded half up. */
export function share(amount: bigint, part: bigint, whole: bigint): bigint {
  return (2n * amount * part + whole) / (2n * whole);
}

export class BillingModel {
  balance = 0n;
  subs: ModelSub[] = [];
  invoices: ModelInvoice[] = [];

  constructor(
    public now: number,
    private readonly prices: readonly bigint[],
  ) {}

  amount(item: Item): bigint {
    return (this.prices[item.price] ?? 0n) * BigInt(item.quantity);
  }

  private bill(sub: number, reason: string, total: bigint): number {
    const applied = total > 0n ? (this.balance < total ? this.balance : total) : 0n;
    this.balance -= applied;
    const due = total - applied;
    const open = due > 0n;
    this.invoices.push({
      sub,
      reason,
      total,
      applied,
      due,
      status: open ? 'open' : 'paid',
      attempts: 0,
      firstAttempt: null,
      next: null,
      dueDate: open ? this.now + DAYS_UNTIL_DUE * DAY_MS : null,
    });
    return this.invoices.length - 1;
  }

  /** A new subscription from now; answers its first invoice (open unless the balance paid it). */
  subscribe(item: Item): number {
    const index = this.subs.length;
    this.subs.push({
      status: 'active',
      item,
      anchor: this.now,
      months: 1,
      start: this.now,
      end: addMonths(this.now, 1),
      cancelAtPeriodEnd: false,
      pending: null,
      pastDueAt: null,
    });
    return this.bill(index, 'subscription_create', this.amount(item));
  }

  /** Proration of the change to `item` at now; answers the update invoice made, if any. */
  change(index: number, item: Item): number | null {
    const sub = this.subs[index];
    if (!sub) throw new Error('no such subscription');
    const whole = BigInt(Math.floor(sub.end / 1000) - Math.floor(sub.start / 1000));
    const remaining = BigInt(Math.floor(sub.end / 1000) - Math.floor(this.now / 1000));
    const credit = share(this.amount(sub.item), remaining, whole);
    const charge = share(this.amount(item), remaining, whole);
    const net = charge - credit;
    if (net <= 0n) {
      this.balance -= net;
      sub.item = item;
      return null;
    }
    const invoice = this.bill(index, 'subscription_update', net);
    if (this.invoices[invoice]?.status === 'open') sub.pending = { item, invoice };
    else sub.item = item;
    return invoice;
  }

  cancel(index: number, atPeriodEnd: boolean) {
    const sub = this.subs[index];
    if (!sub) return;
    if (atPeriodEnd) sub.cancelAtPeriodEnd = true;
    else {
      sub.status = 'canceled';
      sub.cancelAtPeriodEnd = false;
    }
  }

  resume(index: number) {
    const sub = this.subs[index];
    if (sub) sub.cancelAtPeriodEnd = false;
  }

  pay(invoice: number) {
    const row = this.invoices[invoice];
    if (!row) return;
    row.status = 'paid';
    row.next = null;
    const sub = this.subs[row.sub];
    if (!sub) return;
    if (sub.pending?.invoice === invoice) {
      sub.item = sub.pending.item;
      sub.pending = null;
    }
    if (sub.status === 'past_due') {
      sub.status = 'active';
      sub.pastDueAt = null;
    }
  }

  /** A collection attempt of the open invoice failed (forced now, or a planned retry). */
  fail(invoice: number) {
    const row = this.invoices[invoice];
    const sub = row ? this.subs[row.sub] : undefined;
    if (!row || !sub) return;
    row.attempts += 1;
    row.firstAttempt ??= this.now;
    // A forced attempt on an invoice the scheduled collection never runs (its subscription canceled)
    // plans no retry and changes nothing else.
    if (sub.status === 'canceled') {
      row.next = null;
      return;
    }
    const days = RETRY_DAYS[row.attempts - 1];
    row.next = days === undefined ? null : row.firstAttempt + days * DAY_MS;
    if (row.next === null && sub.status === 'active') this.pastDue(sub);
  }

  private pastDue(sub: ModelSub) {
    sub.status = 'past_due';
    sub.pastDueAt = this.now;
  }

  private renew(index: number) {
    const sub = this.subs[index];
    if (!sub) return;
    if (sub.cancelAtPeriodEnd) {
      sub.status = 'canceled';
      return;
    }
    sub.months += 1;
    sub.start = sub.end;
    sub.end = addMonths(sub.anchor, sub.months);
    this.bill(index, 'subscription_cycle', this.amount(sub.item));
  }

  private overdue(row: ModelInvoice) {
    row.attempts = 1;
    row.firstAttempt = this.now;
    const sub = this.subs[row.sub];
    if (sub?.status === 'active') this.pastDue(sub);
  }

  private graceOver(index: number) {
    const sub = this.subs[index];
    if (!sub) return;
    for (const row of this.invoices) {
      if (row.sub === index && row.status === 'open') {
        row.status = 'uncollectible';
        row.next = null;
      }
    }
    sub.status = 'canceled';
    sub.cancelAtPeriodEnd = false;
  }

  /** The earliest instant with work due at or before `until`, or null. */
  private nextWork(until: number): number | null {
    let first: number | null = null;
    const see = (at: number | null) => {
      if (at !== null && at <= until && (first === null || at < first)) first = at;
    };
    for (const sub of this.subs) {
      if (sub.status !== 'canceled') see(sub.end);
      if (sub.status === 'past_due' && sub.pastDueAt !== null) see(sub.pastDueAt + GRACE_DAYS * DAY_MS);
    }
    for (const row of this.invoices) {
      if (row.status !== 'open' || this.subs[row.sub]?.status === 'canceled') continue;
      see(row.next);
      if (row.attempts === 0 && row.next === null) see(row.dueDate);
    }
    return first;
  }

  /** Runs everything due up to `until` in time order, as a test clock advance does. */
  advance(until: number) {
    for (let at = this.nextWork(until); at !== null; at = this.nextWork(until)) {
      // Work planned before now (a retry counted from an earlier first attempt) runs now.
      this.now = Math.max(this.now, at);
      const due = this.subs.flatMap((s, i) => (s.status !== 'canceled' && s.end === at ? [i] : []));
      const graces = this.subs.flatMap((s, i) =>
        s.status === 'past_due' && s.pastDueAt !== null && s.pastDueAt + GRACE_DAYS * DAY_MS === at
          ? [i]
          : [],
      );
      const live = (row: ModelInvoice) => row.status === 'open' && this.subs[row.sub]?.status !== 'canceled';
      const collects = this.invoices.flatMap((r, i) => (live(r) && r.next === at ? [i] : []));
      const overdue = this.invoices.filter(
        (r) => live(r) && r.attempts === 0 && r.next === null && r.dueDate === at,
      );
      for (const i of due) this.renew(i);
      for (const i of collects) if (this.invoices[i]?.status === 'open') this.fail(i);
      for (const row of overdue) if (row.status === 'open' && row.attempts === 0) this.overdue(row);
      for (const i of graces) if (this.subs[i]?.status === 'past_due') this.graceOver(i);
    }
    this.now = until;
  }
}
