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
import type { ConfirmedPayment } from '../../rails/types.js';
import { billCheckout, type BillableLine } from '../billing/index.js';
import { sellReservedStock } from '../catalog/index.js';
import { invoiceObject } from '../billing/index.js';
import { loadPrices, priceOf, toRuleItem } from '../checkout/index.js';
import { getSession, updateSession, type SessionRow } from '../checkout/index.js';
import { sessionObject } from '../checkout/index.js';
import {
  covers,
  failIntent,
  getIntent,
  settleAttempt,
  succeedIntent,
  type IntentRow,
} from '../intents/index.js';
import { updateIntent } from '../intents/index.js';
import type { PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { recordEvent } from '../shared/events.js';
import { withoutPersonalData } from '../checkout/index.js';
import { recordPaymentToCanceledIntent } from './late-payment.js';
import { recordPaymentToPaidIntent } from './paid-twice.js';

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
 * Locks the intent's session, then the intent (the lock order above). Null when there is nothing to
 * complete: not a checkout intent, no longer the session's intent (canceled and replaced), already
 * succeeded, session gone or already complete.
 */
async function lockForCompletion(
  tx: DbLike,
  reference: string,
): Promise<{ intent: IntentRow; session: SessionRow } | null> {
  const peek = await getIntent(tx, reference);
  if (!peek?.checkoutSessionId) return null;
  const session = await getSession(tx, peek.checkoutSessionId, peek.livemode, true);
  const intent = await getIntent(tx, reference, true);
  if (!session || !intent || session.status === 'complete') return null;
  if (intent.status === 'succeeded' || intent.status === 'canceled') return null;
  if (session.paymentIntentId !== intent.id) return null;
  return { intent, session };
}

function paymentDetails(
  kind: string,
  intent: IntentRow,
  payment: ConfirmedPayment,
  explorer: string | null,
): Record<string, unknown> {
  return {
    ...(intent.paymentDetails ?? {}),
    type: kind,
    network: payment.network,
    tx_hash: payment.txRef,
    payer: payment.payer,
    recipient: payment.recipient,
    amount: payment.amount.toString(),
    token: payment.asset.contract,
    block_number: payment.blockNumber.toString(),
    confirmations: payment.confirmations,
    ...(explorer ? { explorer_url: explorer } : {}),
  };
}

/**
 * Records a confirmed payment of a session's intent and completes the session, after re-checking
 * that what the rail received covers the intent and that the intent is still exactly what is sold
 * (amount and currency of the session now). Otherwise the intent records the mismatch and the
 * session stays open: a checkout is never complete, nor its invoice paid, for less than its total.
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
  if (!locked) {
    // A transfer for a canceled intent is recorded for a refund, never completes (late-payment.ts);
    // so is a second transfer for an intent another one already paid (paid-twice.ts).
    if (await recordPaymentToPaidIntent(tx, reference, payment)) return null;
    await recordPaymentToCanceledIntent(tx, reference, payment);
    return null;
  }
  const { intent, session } = locked;
  const matches = intent.amount === session.amountTotal && intent.currencyId === session.currencyId;
  if (!covers(intent, payment.amount) || !matches) {
    await settleAttempt(tx, intent.id, payment.txRef, 'failed', 'payment_amount_mismatch');
    await failIntent(
      tx,
      intent,
      'payment_amount_mismatch',
      `received ${payment.amount} for ${intent.amount}; the checkout total is ${session.amountTotal}`,
    );
    return null;
  }
  await settleAttempt(tx, intent.id, payment.txRef, 'confirmed');
  const details = paymentDetails(railKind, intent, payment, explorer);
  return finishCheckout(ctx, tx, locked, details, payment.amount, 'paid');
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
  if (!locked || locked.intent.amount !== 0n || locked.session.amountTotal !== 0n) return null;
  const details = { ...(locked.intent.paymentDetails ?? {}), type: 'none', reason: 'no_payment_required' };
  return finishCheckout(ctx, tx, locked, details, 0n, 'no_payment_required');
}

async function finishCheckout(
  ctx: PaymentContext,
  tx: DbLike,
  { intent, session }: { intent: IntentRow; session: SessionRow },
  details: Record<string, unknown>,
  received: bigint,
  paymentStatus: 'paid' | 'no_payment_required',
): Promise<SessionRow | null> {
  let paid = await succeedIntent(tx, intent, received, details);
  const now = new Date();
  const lines = await billableLines(tx, session, now);
  const bill = await billCheckout(tx, session, lines, paid, received, details, now);
  const { invoice, created, subscriptionIds } = bill;
  await sellReservedStock(tx, session.id);
  await countSold(tx, session);
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
