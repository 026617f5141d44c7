// A plan change (new items or quantity) billed by proration to the second (@payshelf/money changePlan,
// Stripe's rule: credit the unused time of the old items, charge the remaining time of the new ones):
// - an amount left due after the customer's credit balance becomes a `subscription_update` invoice
//   that must be paid now; the new items wait in `pending_update` and apply when it is paid
//   (settleInvoicePaid), or are dropped when it is voided;
// - a net credit (create_prorations) goes to the customer's balance (a proration_credit row) and the
//   next invoices consume it before any pull; always_invoice makes an invoice of the lines anyway;
// - none changes the items at once and bills them from the next renewal.
// A trial changes its items at once without proration (nothing was paid for the trial).
// Runs under the subscription's row lock (lock order: subscription, invoice, customer balance).
import type { PendingUpdate } from '../../../db/schema/index.js';
import { changePlan, type ProrationBehavior } from '@payshelf/money';
import { and, eq, notInArray } from 'drizzle-orm';
import { ApiError } from '../../../core/http/errors.js';
import type { SubscriptionRefusal } from '../../../core/http/error-catalog-billing.js';
import { invoices, subscriptionItems } from '../../../db/schema/index.js';
import { balanceOf, credit } from '../../balances/index.js';
import { getPrices } from '../../catalog/index.js';
import type { PaymentContext } from '../../shared/context.js';
import type { DbLike } from '../../shared/db.js';
import { newId } from '../../shared/ids.js';
import type { InvoiceRow, SubscriptionRow } from '../repo.js';
import { finishInvoice, invoiceValues } from './invoicing.js';
import { announceInvoice, changeSubscription, type SubscriptionSet } from './lifecycle.js';
import { currentItems, priceItems, type BilledLine, type ItemInput, type PricedItem } from './lines.js';

type Ctx = Pick<PaymentContext, 'db' | 'services'>;

export interface PlanChangeRequest {
  items: ItemInput[];
  behavior: ProrationBehavior;
  /** The instant the proration is counted from (inside the current period). */
  at: Date;
}

export interface PlannedChange {
  from: PricedItem[];
  to: PricedItem[];
  plan: ReturnType<typeof changePlan>;
  /** The proration lines as invoice lines. */
  lines: BilledLine[];
}

const bad = (key: SubscriptionRefusal, param?: string) => ApiError.of(key, {}, { param });

/** Checks the new items (active recurring prices on the subscription's interval, priced in its currency). */
export async function checkItems(ctx: Ctx, sub: SubscriptionRow, items: readonly ItemInput[]) {
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    if (seen.has(item.priceId)) throw bad('sub_price_twice', `items.${index}.price_id`);
    seen.add(item.priceId);
  }
  const rows = await getPrices(
    ctx.db,
    items.map((i) => i.priceId),
    sub.livemode,
  );
  for (const [index, item] of items.entries()) {
    const price = rows.find((r) => r.id === item.priceId);
    if (!price?.active) {
      throw ApiError.missing('price_missing', item.priceId, `items.${index}.price_id`);
    }
    if (
      price.recurringInterval !== sub.recurringInterval ||
      (price.recurringIntervalCount ?? 1) !== sub.recurringIntervalCount
    ) {
      throw bad('sub_interval_differs', `items.${index}.price_id`);
    }
  }
  return priceItems(ctx, items, sub.currencyId, sub.livemode);
}

/** The proration of changing the subscription's items into `request.items` (nothing written). */
export async function planChange(
  ctx: Ctx,
  tx: DbLike,
  sub: SubscriptionRow,
  request: PlanChangeRequest,
): Promise<PlannedChange> {
  const { priced: from } = await currentItems(ctx, tx, sub);
  const to = await checkItems(ctx, sub, request.items);
  const at = request.at;
  if (at < sub.currentPeriodStart || at >= sub.currentPeriodEnd) {
    throw bad('sub_proration_date_outside', 'proration_date');
  }
  const behavior: ProrationBehavior = sub.status === 'trialing' ? 'none' : request.behavior;
  const balance = await balanceOf(tx, sub.customerId, sub.currencyId);
  const plan = changePlan({
    from,
    to,
    period: { start: sub.currentPeriodStart, end: sub.currentPeriodEnd },
    at,
    behavior,
    balance,
  });
  const lines = plan.lines.map((l) => ({
    priceId: l.priceId,
    quantity: l.quantity,
    amount: l.amount,
    periodStart: l.periodStart,
    periodEnd: l.periodEnd,
    proration: true,
    metered: false,
    description: l.kind === 'unused_time' ? 'Unused time' : 'Remaining time',
  }));
  return { from, to, plan, lines };
}

/** Replaces the subscription's items with `items` (same price: its quantity changes). */
export async function setItems(tx: DbLike, sub: SubscriptionRow, items: readonly ItemInput[]) {
  const keep = items.map((i) => i.priceId);
  await tx
    .delete(subscriptionItems)
    .where(and(eq(subscriptionItems.subscriptionId, sub.id), notInArray(subscriptionItems.priceId, keep)));
  for (const item of items) {
    await tx
      .insert(subscriptionItems)
      .values({
        id: newId('si'),
        livemode: sub.livemode,
        subscriptionId: sub.id,
        priceId: item.priceId,
        quantity: item.quantity,
      })
      .onConflictDoUpdate({
        target: [subscriptionItems.subscriptionId, subscriptionItems.priceId],
        set: { quantity: item.quantity, updatedAt: new Date() },
      });
  }
}

const samePending = (pending: PendingUpdate, items: readonly ItemInput[]) =>
  pending.items.length === items.length &&
  items.every((i) => pending.items.some((p) => p.price_id === i.priceId && p.quantity === i.quantity));

/**
 * Applies a plan change to the locked subscription at `now`: writes the proration invoice or credit
 * and the items (or the pending update). Returns the changed subscription and the invoice made.
 */
export async function applyPlanChange(
  ctx: Ctx,
  tx: DbLike,
  sub: SubscriptionRow,
  request: PlanChangeRequest,
  now: Date,
  set: SubscriptionSet,
): Promise<{ subscription: SubscriptionRow; invoice: InvoiceRow | null }> {
  if (sub.pendingUpdate && samePending(sub.pendingUpdate, request.items)) {
    // The same change asked again (a retry, a double click): it is already waiting for its invoice.
    return { subscription: sub, invoice: null };
  }
  if (sub.pendingUpdate) {
    throw ApiError.of('subscription_state', {
      status: sub.status,
      action: `changed before invoice ${sub.pendingUpdate.invoice_id} is paid or voided`,
    });
  }
  if (sub.status !== 'active' && sub.status !== 'trialing' && sub.status !== 'past_due') {
    throw ApiError.of('subscription_state', { status: sub.status, action: 'changed' });
  }
  const { plan, lines } = await planChange(ctx, tx, sub, request);
  const owner = { livemode: sub.livemode, customerId: sub.customerId, currencyId: sub.currencyId };
  let invoice: InvoiceRow | null = null;
  if (plan.invoice) {
    const id = newId('in');
    const [row] = await tx
      .insert(invoices)
      .values({
        ...invoiceValues(ctx, sub, { reason: 'subscription_update', now }, lines, id),
        periodStart: request.at,
        periodEnd: sub.currentPeriodEnd,
      })
      .returning();
    if (!row) throw new Error('proration invoice not written');
    invoice = await finishInvoice(ctx, tx, row, lines, now, sub);
    await announceInvoice(ctx, tx, invoice, 'invoice.created');
    await announceInvoice(ctx, tx, invoice, invoice.status === 'paid' ? 'invoice.paid' : 'invoice.finalized');
  } else if (plan.credit > 0n) {
    await credit(tx, owner, {
      amount: plan.credit,
      type: 'proration_credit',
      description: `Unused time of subscription ${sub.id} after a plan change`,
      metadata: { subscription_id: sub.id },
    });
  }
  const items = request.items.map((i) => ({ price_id: i.priceId, quantity: i.quantity }));
  if (invoice && invoice.status === 'open') {
    const pending: PendingUpdate = {
      items,
      invoice_id: invoice.id,
      proration_date: request.at.toISOString(),
    };
    const subscription = await changeSubscription(ctx, tx, sub, {
      set: { ...set, pendingUpdate: pending, latestInvoiceId: invoice.id },
    });
    return { subscription, invoice };
  }
  await setItems(tx, sub, request.items);
  const subscription = await changeSubscription(ctx, tx, sub, {
    set: { ...set, ...(invoice ? { latestInvoiceId: invoice.id } : {}) },
  });
  return { subscription, invoice };
}

/** The paid invoice was a pending update's: its items apply now and the pending update is cleared. */
export async function applyPendingUpdate(
  ctx: Ctx,
  tx: DbLike,
  sub: SubscriptionRow,
  invoiceId: string,
): Promise<SubscriptionRow> {
  const pending = sub.pendingUpdate;
  if (!pending || pending.invoice_id !== invoiceId) return sub;
  await setItems(
    tx,
    sub,
    pending.items.map((i) => ({ priceId: i.price_id, quantity: i.quantity })),
  );
  return changeSubscription(ctx, tx, sub, { set: { pendingUpdate: null } });
}

/** The pending update's invoice was voided: the change is dropped, the items stay as they were. */
export async function dropPendingUpdate(
  ctx: Ctx,
  tx: DbLike,
  sub: SubscriptionRow,
  invoiceId: string,
): Promise<SubscriptionRow> {
  if (sub.pendingUpdate?.invoice_id !== invoiceId) return sub;
  return changeSubscription(ctx, tx, sub, { set: { pendingUpdate: null } });
}
