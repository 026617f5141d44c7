// What the merchant (or the customer, for their own subscription) asks of a subscription: cancel now
// or at the period end, resume a pending cancel, recover a canceled one, pause and unpause, and plain
// field updates. Each runs under the subscription's row lock and goes through the machine.
import type { SubscriptionCancel, SubscriptionUpdate } from '@payshelf/api';
import { addInterval } from '@payshelf/money';
import { ApiError } from '../../../core/http/errors.js';
import type { SubscriptionRefusal } from '../../../core/http/error-catalog-billing.js';
import { getCurrency, getMethod } from '../../methods/index.js';
import type { PaymentContext } from '../../shared/context.js';
import type { DbLike } from '../../shared/db.js';
import { noSuch } from '../access.js';
import { billingNow } from '../clocks/repo.js';
import { itemsOfSubscriptions, type InvoiceRow, type SubscriptionRow } from '../repo.js';
import { createPeriodInvoice } from './invoicing.js';
import { announceInvoice, changeSubscription, lockSubscription, type SubscriptionSet } from './lifecycle.js';
import { priceItems } from './lines.js';
import { canApply, type LifecycleEvent } from './machine.js';
import { applyPlanChange } from './plan-change.js';

type Ctx = Pick<PaymentContext, 'db' | 'services'>;

const refused = (sub: SubscriptionRow, action: string) =>
  ApiError.of('subscription_state', { status: sub.status, action });

async function locked<T>(
  ctx: Ctx,
  id: string,
  livemode: boolean,
  fn: (tx: DbLike, sub: SubscriptionRow, now: Date) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, id);
    if (!sub || sub.livemode !== livemode) throw noSuch('subscription', id);
    return fn(tx, sub, await billingNow(tx, sub.testClockId));
  });
}

/**
 * Cancel: at the period end it stays as it is until then (cancel_at_period_end); now it ends at once.
 * A trial always cancels now. The reason is cancellation_requested, with the feedback and comment.
 */
export function cancelSubscription(ctx: Ctx, id: string, livemode: boolean, input: SubscriptionCancel) {
  return locked(ctx, id, livemode, async (tx, sub, now) => {
    if (!canApply(sub.status, 'cancel')) throw refused(sub, 'canceled');
    const details = {
      reason: 'cancellation_requested' as const,
      feedback: input.feedback ?? null,
      comment: input.comment ?? null,
    };
    if (input.at_period_end && sub.status !== 'trialing') {
      return changeSubscription(ctx, tx, sub, {
        set: {
          cancelAtPeriodEnd: true,
          cancelAt: sub.currentPeriodEnd,
          canceledAt: now,
          cancelationDetails: details,
        },
      });
    }
    return changeSubscription(ctx, tx, sub, {
      event: 'cancel',
      set: {
        canceledAt: now,
        endedAt: now,
        cancelAt: null,
        cancelAtPeriodEnd: false,
        cancelationDetails: details,
      },
    });
  });
}

/** Resume: a subscription set to cancel at its period end renews again. */
export function resumeSubscription(ctx: Ctx, id: string, livemode: boolean) {
  return locked(ctx, id, livemode, async (tx, sub) => {
    if (!sub.cancelAtPeriodEnd || sub.status === 'canceled') throw refused(sub, 'resumed');
    return changeSubscription(ctx, tx, sub, {
      set: { cancelAtPeriodEnd: false, cancelAt: null, canceledAt: null, cancelationDetails: null },
    });
  });
}

function simpleEvent(event: LifecycleEvent, action: string) {
  return (ctx: Ctx, id: string, livemode: boolean) =>
    locked(ctx, id, livemode, async (tx, sub) => {
      if (!canApply(sub.status, event)) throw refused(sub, action);
      return changeSubscription(ctx, tx, sub, { event });
    });
}

/** Pause: no invoice is made nor collected until unpaused (periods still move on). */
export const pauseSubscription = simpleEvent('pause', 'paused');
export const unpauseSubscription = simpleEvent('unpause', 'unpaused');

/**
 * Recover a canceled subscription: a new period starts now (the new anchor) and its invoice
 * (subscription_recover) must be paid now; until it is, the subscription is incomplete.
 */
export function recoverSubscription(
  ctx: Ctx,
  id: string,
  livemode: boolean,
): Promise<{ subscription: SubscriptionRow; invoice: InvoiceRow | null }> {
  return locked(ctx, id, livemode, async (tx, sub, now) => {
    if (!canApply(sub.status, 'recover')) throw refused(sub, 'recovered');
    const end = addInterval(now, {
      interval: sub.recurringInterval,
      interval_count: sub.recurringIntervalCount,
    });
    const fresh = { ...sub, currentPeriodStart: now, currentPeriodEnd: end };
    const invoice = await createPeriodInvoice(ctx, tx, fresh, {
      reason: 'subscription_recover',
      periodStart: now,
      periodEnd: end,
      now,
    });
    if (invoice)
      await announceInvoice(
        ctx,
        tx,
        invoice,
        invoice.status === 'paid' ? 'invoice.paid' : 'invoice.finalized',
      );
    const set: SubscriptionSet = {
      billingCycleAnchor: now,
      currentPeriodStart: now,
      currentPeriodEnd: end,
      canceledAt: null,
      endedAt: null,
      cancelAt: null,
      cancelAtPeriodEnd: false,
      cancelationDetails: null,
      pastDueAt: null,
      latestInvoiceId: invoice?.id ?? sub.latestInvoiceId,
    };
    let subscription = await changeSubscription(ctx, tx, sub, { event: 'recover', set });
    if (invoice?.status === 'paid')
      subscription = await changeSubscription(ctx, tx, subscription, { event: 'invoice_paid' });
    return { subscription, invoice };
  });
}

/**
 * Field updates and plan changes. `items` or `quantity` (of a one-item subscription) is a plan change
 * billed by proration (plan-change.ts); `currency_id` (and `payment_method_id`) changes the currency
 * future invoices are made in (open and past-due invoices keep theirs); then collection method, payer,
 * days until due, cancel_at_period_end, description, metadata.
 */
export function updateSubscription(
  ctx: Ctx,
  id: string,
  livemode: boolean,
  input: SubscriptionUpdate,
): Promise<{ subscription: SubscriptionRow; invoice: InvoiceRow | null }> {
  return locked(ctx, id, livemode, async (tx, sub, now) => {
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') throw refused(sub, 'updated');
    const set: SubscriptionSet = {};
    if (input.collection_method) set.collectionMethod = input.collection_method;
    if (input.payer) set.payer = input.payer;
    if (input.days_until_due !== undefined) set.daysUntilDue = input.days_until_due;
    if (input.description !== undefined) set.description = input.description;
    if (input.metadata) set.metadata = { ...sub.metadata, ...input.metadata };
    if (input.cancel_at_period_end === true && !sub.cancelAtPeriodEnd) {
      if (sub.status === 'trialing') throw refused(sub, 'canceled at period end');
      Object.assign(set, { cancelAtPeriodEnd: true, cancelAt: sub.currentPeriodEnd, canceledAt: now });
      set.cancelationDetails = { reason: 'cancellation_requested', feedback: null, comment: null };
    }
    if (input.cancel_at_period_end === false && sub.cancelAtPeriodEnd) {
      Object.assign(set, {
        cancelAtPeriodEnd: false,
        cancelAt: null,
        canceledAt: null,
        cancelationDetails: null,
      });
    }
    const items = await requestedItems(tx, sub, input);
    if (items && (input.currency_id || input.payment_method_id)) {
      throw bad('sub_plan_and_currency', 'currency_id');
    }
    if (input.currency_id || input.payment_method_id) {
      Object.assign(set, await currencyChange(ctx, tx, sub, input));
    }
    if (items) {
      const at = input.proration_date ? new Date(input.proration_date) : now;
      const request = { items, behavior: input.proration_behavior ?? 'create_prorations', at };
      return applyPlanChange(ctx, tx, sub, request, now, set);
    }
    if (input.proration_behavior || input.proration_date) {
      throw bad('sub_proration_needs_change', 'proration_behavior');
    }
    return { subscription: await changeSubscription(ctx, tx, sub, { set }), invoice: null };
  });
}

const bad = (key: SubscriptionRefusal, param?: string) => ApiError.of(key, {}, { param });

/** The new item list an update asks for, or null when it changes no item. */
async function requestedItems(tx: DbLike, sub: SubscriptionRow, input: SubscriptionUpdate) {
  if (input.items) return input.items.map((i) => ({ priceId: i.price_id, quantity: i.quantity }));
  if (input.quantity === undefined) return null;
  const items = (await itemsOfSubscriptions(tx, [sub.id])).get(sub.id) ?? [];
  const [only] = items;
  if (items.length !== 1 || !only) throw bad('sub_quantity_one_item', 'quantity');
  return [{ priceId: only.priceId, quantity: input.quantity }];
}

/**
 * The currency (and method) of future invoices: active, of that method, pricing every item. A
 * currency named alone brings its own method; a method named alone keeps the current currency, which
 * must belong to it. Open and past-due invoices keep the currency they were made in.
 */
async function currencyChange(ctx: Ctx, tx: DbLike, sub: SubscriptionRow, input: SubscriptionUpdate) {
  const currencyId = input.currency_id ?? sub.currencyId;
  const currency = await getCurrency(tx, currencyId, sub.livemode);
  if (!currency?.active) {
    throw ApiError.missing('payment_currency_missing', currencyId, 'currency_id');
  }
  const methodId =
    input.payment_method_id ?? (input.currency_id ? currency.paymentMethodId : sub.defaultPaymentMethodId);
  const method = methodId ? await getMethod(tx, methodId, sub.livemode) : null;
  if (!method?.active) {
    throw ApiError.missing('payment_method_missing', methodId ?? '', 'payment_method_id');
  }
  if (currency.paymentMethodId !== method.id) {
    throw ApiError.of(
      'subscription_method_unsupported',
      { currency: currency.symbol },
      { param: 'payment_method_id' },
    );
  }
  const rows = (await itemsOfSubscriptions(tx, [sub.id])).get(sub.id) ?? [];
  try {
    await priceItems(
      ctx,
      rows.map((r) => ({ priceId: r.priceId, quantity: r.quantity })),
      currencyId,
      sub.livemode,
    );
  } catch (err) {
    if (err instanceof ApiError && err.code === 'currency_not_configured') {
      throw ApiError.of(
        'subscription_currency_unsupported',
        { currency: currency.symbol },
        { param: 'currency_id' },
      );
    }
    throw err;
  }
  return { currencyId, defaultPaymentMethodId: method.id };
}
