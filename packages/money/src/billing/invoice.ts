// The invoices a subscription produces, as pure drafts: the renewal (cycle) invoice of a period, the
// immediate effect of a plan change under each proration_behavior, and the upcoming-invoice preview.
import type { RecurringSpec } from '../interval.js';
import { applyBalance, type BalanceApplication } from './balance.js';
import { nextPeriod, type Period } from './period.js';
import { prorationLines, type BillingItem, type ProrationBehavior, type ProrationLine } from './proration.js';

export interface DraftLine {
  priceId: string;
  quantity: number;
  amount: bigint;
  proration: boolean;
  periodStart: Date;
  periodEnd: Date;
}

export interface InvoiceDraft extends BalanceApplication {
  lines: DraftLine[];
  /** Sum of the lines (no discounts or taxes yet, so subtotal = total). */
  subtotal: bigint;
  total: bigint;
}

/** An invoice of `lines` with the customer's credit `balance` applied (see applyBalance). */
export function draftInvoice(lines: DraftLine[], balance: bigint): InvoiceDraft {
  const total = lines.reduce((sum, line) => sum + line.amount, 0n);
  return { lines, subtotal: total, total, ...applyBalance(total, balance) };
}

/** The renewal invoice of `period`: one line per item with a quantity, each a whole period. */
export function cycleInvoice(items: readonly BillingItem[], period: Period, balance: bigint): InvoiceDraft {
  const lines = items
    .filter((item) => item.quantity > 0)
    .map((item) => ({
      priceId: item.priceId,
      quantity: item.quantity,
      amount: item.amount,
      proration: false,
      periodStart: period.start,
      periodEnd: period.end,
    }));
  return draftInvoice(lines, balance);
}

function prorationDraftLines(lines: readonly ProrationLine[]): DraftLine[] {
  return lines.map((l) => ({
    priceId: l.priceId,
    quantity: l.quantity,
    amount: l.amount,
    proration: true,
    periodStart: l.periodStart,
    periodEnd: l.periodEnd,
  }));
}

export interface PlanChangeInput {
  from: readonly BillingItem[];
  to: readonly BillingItem[];
  /** The current period; the change instant must lie inside it. */
  period: Period;
  at: Date;
  behavior: ProrationBehavior;
  /** The customer's credit balance in the subscription's currency before the change. */
  balance: bigint;
}

export interface PlanChange {
  /** The proration lines (none for `none`). */
  lines: ProrationLine[];
  /** Sum of the lines: positive is owed by the customer, negative is owed to them. */
  net: bigint;
  /** The `subscription_update` invoice to create now, or null. Its appliedBalance leaves the balance. */
  invoice: InvoiceDraft | null;
  /** Added to the customer's balance now (a `proration_credit`). */
  credit: bigint;
  /**
   * True when the new items wait for `invoice` to be paid (Stripe's pending_update); false when they
   * take effect at once.
   */
  pending: boolean;
}

/**
 * What changing the items does now:
 * - none: no proration; the new items apply at once and are billed from the next renewal.
 * - create_prorations: a net charge becomes a `subscription_update` invoice due now (balance applied
 *   first), the change pending until it is paid; a net credit goes to the balance, the change applies
 *   at once and no invoice is made.
 * - always_invoice: always an invoice of the lines; a negative total is credited to the balance.
 * Either way the change is pending only while something is left to collect.
 */
export function changePlan(input: PlanChangeInput): PlanChange {
  if (input.behavior === 'none') {
    return { lines: [], net: 0n, invoice: null, credit: 0n, pending: false };
  }
  const lines = prorationLines(input.from, input.to, input.period, input.at);
  const net = lines.reduce((sum, line) => sum + line.amount, 0n);
  if (input.behavior === 'create_prorations' && net <= 0n) {
    if (input.balance < 0n) throw new RangeError('a credit balance is never negative');
    return { lines, net, invoice: null, credit: -net, pending: false };
  }
  const invoice = draftInvoice(prorationDraftLines(lines), input.balance);
  return { lines, net, invoice, credit: invoice.credited, pending: invoice.amountDue > 0n };
}

export interface UpcomingInput {
  items: readonly BillingItem[];
  /** Start of the subscription's billing cycle (periods are counted from it). */
  anchor: Date;
  recurring: RecurringSpec;
  /** The current period: the upcoming invoice bills the one after it. */
  period: Period;
  balance: bigint;
  /** A change to preview (its invoice assumed paid). */
  change?: { to: readonly BillingItem[]; at: Date; behavior: ProrationBehavior };
}

export interface UpcomingInvoice {
  /** The change's immediate effect, when one is previewed. */
  change: PlanChange | null;
  /** The next renewal invoice, with the balance as it will be after the change. */
  invoice: InvoiceDraft;
  period: Period;
}

/** Preview of the next renewal invoice, with the proration of a pending change (Stripe's upcoming). */
export function upcomingInvoice(input: UpcomingInput): UpcomingInvoice {
  const next = nextPeriod(input.anchor, input.recurring, input.period.end);
  const period = { start: next.start, end: next.end };
  if (!input.change) {
    return { change: null, invoice: cycleInvoice(input.items, period, input.balance), period };
  }
  const change = changePlan({
    from: input.items,
    to: input.change.to,
    period: input.period,
    at: input.change.at,
    behavior: input.change.behavior,
    balance: input.balance,
  });
  const balance = change.invoice ? change.invoice.endingBalance : input.balance + change.credit;
  return { change, invoice: cycleInvoice(input.change.to, period, balance), period };
}
