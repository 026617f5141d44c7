// Flow: a checkout's payment is confirmed (or nothing is due). One transaction composes the modules:
// the intent succeeds (intents), the invoice and subscriptions are written (billing), the session
// completes (checkout), stock is counted (catalog), events are recorded and pushed (notifications).
// It runs inside the rail's recording transaction, so a crash keeps all or nothing and the watcher or
// the reconcile job retries; running it again for a succeeded intent changes nothing.
//
// Lock order (every path that completes or changes a paid checkout takes rows in this order, so none
// can deadlock): the rail_transactions row of the transfer (inserted by verify) → the
// checkout_sessions row → the payment_intents row → payment_attempts → the invoice number counter
// and the new invoice rows → prices (stock).
import { checkoutSessionTopic, customerTopic } from '@payshelf/api';
import { isTrialing, lineTotal } from '@payshelf/money';
import { eq, sql } from 'drizzle-orm';
import { prices } from '../../db/schema/index.js';
import { busClientOf } from '../../platform/notifications/publish.js';
import { billCheckout, type BillableLine } from '../billing/index.js';
import { sellReservedStock } from '../catalog/index.js';
import { payWithCredit } from '../credits/index.js';
import { redeem } from '../discounts/index.js';
import { invoiceObject } from '../billing/index.js';
import { loadPrices, priceOf, toRuleItem } from '../checkout/index.js';
import { getSession, updateSession, type SessionRow } from '../checkout/index.js';
import { sessionObject } from '../checkout/index.js';
import {
  type ConfirmedPayment,
  failIntent,
  getIntent,
  type IntentRow,
  isPaid,
  settle,
  settleAttempt,
  succeedIntent,
} from '../intents/index.js';
import { updateIntent } from '../intents/index.js';
import type { PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { recordEvent } from '../shared/events.js';
import { grantCheckoutCredits } from './grant-bought-credits.js';
import { withoutPersonalData } from '../checkout/index.js';

/** Counts what was sold against each effective price's stock. */
async function countSold(tx: DbLike, session: SessionRow): Promise<void> {
  for (const item of session.lineItems) {
    await tx
      .update(prices)
      .set({ quantitySold: sql`${prices.quantitySold} + ${item.quantity}` })
      .where(eq(prices.id, item.upsell_price_id ?? item.price_id));
  }
}

/** Publishes inside `tx`: the relay delivers only if and when it commits. */
async function publish(ctx: PaymentContext, tx: DbLike, topic: string, event: string, data: unknown) {
  await ctx.services.bus.publish(topic, event, data, busClientOf(tx));
}

/** The session's lines as billing needs them, priced as of `now`. */
async function billableLines(tx: DbLike, session: SessionRow, now: Date): Promise<BillableLine[]> {
  const map = await loadPrices(tx, session.lineItems, session.livemode);
  const trialing = isTrialing(session.subscriptionData, session.currencyId, Math.floor(now.getTime() / 1000));
  return session.lineItems.map((item) => {
    const price = priceOf(map, item.upsell_price_id ?? item.price_id);
    return {
      priceId: price.id,
      quantity: item.quantity,
      recurring: price.recurringInterval
        ? { interval: price.recurringInterval, interval_count: price.recurringIntervalCount }
        : null,
      amountToday: lineTotal(toRuleItem(item, map), session.currencyId, { trialing }),
    };
  });
}

/**
 * Locks the intent's session, then the intent (the lock order above); null when there is no intent.
 * The session is null when the intent is not a checkout's or the session is gone.
 */
async function lockForCompletion(
  tx: DbLike,
  reference: string,
): Promise<{ intent: IntentRow; session: SessionRow | null } | null> {
  const peek = await getIntent(tx, reference);
  if (!peek) return null;
  const session = peek.checkoutSessionId
    ? await getSession(tx, peek.checkoutSessionId, peek.livemode, true)
    : null;
  const intent = await getIntent(tx, reference, true);
  return intent ? { intent, session } : null;
}

/** Whether a waiting intent still pays its session: open (not complete) and not replaced by another. */
function completes(intent: IntentRow, session: SessionRow | null): session is SessionRow {
  return session !== null && session.status !== 'complete' && session.paymentIntentId === intent.id;
}

/**
 * Settles a confirmed payment of a session's intent (intents/settle.ts) and completes the session when
 * it paid: the rail received at least the intent's amount and the intent is still exactly what is sold
 * (amount and currency of the session now). Short: the intent records the mismatch and the session
 * stays open, so a checkout is never complete, nor its invoice paid, for less than its total. A
 * transfer for a canceled intent, or a second one for a paid intent, is recorded and refunded.
 */
export async function completeCheckoutPayment(
  ctx: PaymentContext,
  tx: DbLike,
  reference: string,
  payment: ConfirmedPayment,
  explorer: string | null,
  railKind: string,
): Promise<SessionRow | null> {
  const locked = await lockForCompletion(tx, reference);
  if (!locked) return null;
  const { intent, session } = locked;
  const waiting = intent.status !== 'succeeded' && intent.status !== 'canceled';
  if (waiting && !completes(intent, session)) return null;
  const outcome = await settle(tx, intent, payment, {
    rail: railKind,
    explorer,
    extra: { confirmations: payment.confirmations },
    ...(session ? { sold: { amount: session.amountTotal, currencyId: session.currencyId } } : {}),
  });
  if (!isPaid(outcome) || !session) return null;
  return finishCheckout(ctx, tx, { paid: outcome.intent, session }, outcome.details, payment.amount, 'paid');
}

/**
 * A session with nothing due today (a free trial, a zero total) completes at submit without any
 * transfer: a zero invoice, `payment_status: 'no_payment_required'`, the same events and messages.
 */
export async function completeWithoutPayment(
  ctx: PaymentContext,
  tx: DbLike,
  reference: string,
): Promise<SessionRow | null> {
  const locked = await lockForCompletion(tx, reference);
  if (!locked || locked.intent.status === 'succeeded' || locked.intent.status === 'canceled') return null;
  const { intent, session } = locked;
  if (!completes(intent, session) || intent.amount !== 0n || session.amountTotal !== 0n) return null;
  const details = { ...(intent.paymentDetails ?? {}), type: 'none', reason: 'no_payment_required' };
  const paid = await succeedIntent(tx, intent, 0n, details);
  return finishCheckout(ctx, tx, { paid, session }, details, 0n, 'no_payment_required');
}

/**
 * A checkout priced in a credit currency, paid from the customer's credit grants (fast pay with credit):
 * the intent's whole amount is drawn from the grants usable for the session's prices, or nothing is
 * and the session stays open (null). Paid, it completes as any paid checkout.
 */
export async function completeWithCredit(
  ctx: PaymentContext,
  tx: DbLike,
  reference: string,
): Promise<SessionRow | null> {
  const locked = await lockForCompletion(tx, reference);
  if (!locked || locked.intent.status === 'succeeded' || locked.intent.status === 'canceled') return null;
  const { intent, session } = locked;
  if (!completes(intent, session) || !intent.customerId) return null;
  const covered = await payWithCredit(tx, {
    livemode: intent.livemode,
    customerId: intent.customerId,
    currencyId: intent.currencyId,
    priceIds: session.lineItems.map((l) => l.upsell_price_id ?? l.price_id),
    amount: intent.amount,
    description: `Checkout ${session.id}`,
  });
  if (!covered) return null;
  const details = { ...(intent.paymentDetails ?? {}), type: 'credit' };
  const paid = await succeedIntent(tx, intent, intent.amount, details);
  return finishCheckout(ctx, tx, { paid, session }, details, intent.amount, 'paid');
}

async function finishCheckout(
  ctx: PaymentContext,
  tx: DbLike,
  { paid: intent, session }: { paid: IntentRow; session: SessionRow },
  details: Record<string, unknown>,
  received: bigint,
  paymentStatus: 'paid' | 'no_payment_required',
): Promise<SessionRow | null> {
  let paid = intent;
  const now = new Date();
  const lines = await billableLines(tx, session, now);
  const bill = await billCheckout(tx, session, lines, paid, received, details, now);
  const { invoice, created, subscriptionIds } = bill;
  await sellReservedStock(tx, session.id);
  await redeem(tx, session, session.customerId ?? paid.customerId);
  await countSold(tx, session);
  const buyer = session.customerId ?? paid.customerId;
  await grantCheckoutCredits(tx, session, buyer, subscriptionIds[0] ?? null, now);
  paid = await updateIntent(tx, intent.id, { invoiceId: invoice.id });
  const completed = await updateSession(tx, session.id, {
    status: 'complete',
    paymentStatus,
    invoiceId: invoice.id,
    subscriptionId: subscriptionIds[0] ?? null,
    subscriptionIds,
    customerId: session.customerId ?? paid.customerId,
  });
  const view = { db: tx, base: ctx.services.config.PUBLIC_URL?.replace(/\/+$/, '') ?? '', mount: ctx.mount };
  const sessionJson = await sessionObject(view, completed);
  const invoiceJson = invoiceObject(invoice);
  for (const subscription of created) await recordEvent(tx, 'customer.subscription.created', subscription);
  await recordEvent(tx, invoice.status === 'paid' ? 'invoice.paid' : 'invoice.finalized', invoiceJson);
  await recordEvent(tx, 'checkout.session.completed', sessionJson);

  const shared = withoutPersonalData(sessionJson); // anyone knowing the session id may listen
  await publish(ctx, tx, checkoutSessionTopic(completed.id), 'checkout.session.completed', shared);
  if (invoice.customerId) {
    const topic = customerTopic(invoice.customerId);
    for (const subscription of created) {
      await publish(ctx, tx, topic, 'customer.subscription.created', subscription);
    }
    await publish(ctx, tx, topic, 'invoice.paid', invoiceJson);
    await publish(ctx, tx, topic, 'checkout.session.completed', sessionJson);
  }
  return completed;
}

/** A rejected transfer of the intent's current transaction: the page's polling reads the error. */
export async function failCheckoutPayment(
  tx: DbLike,
  reference: string,
  txRef: string,
  code: string,
  message: string,
): Promise<void> {
  const intent = await getIntent(tx, reference, true);
  if (!intent) return;
  await settleAttempt(tx, intent.id, txRef, code === 'not_found' ? 'dropped' : 'failed', code);
  if (intent.status !== 'processing' || !intent.checkoutSessionId) return;
  const current = intent.paymentDetails?.tx_hash;
  if (typeof current === 'string' && current.toLowerCase() !== txRef.toLowerCase()) return;
  await failIntent(tx, intent, code, message);
}
