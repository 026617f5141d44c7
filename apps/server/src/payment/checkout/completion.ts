// Completion of a checkout when its payment is confirmed on chain: the intent succeeds, the paid
// invoice and (subscription mode) the subscriptions are written (billing/checkout-billing.ts), the
// session completes, events are recorded (rows first) and pushed on the relay socket.
// Everything happens inside the rail's recording transaction, so a crash either keeps all or nothing
// (and the watcher retries); running it again for a succeeded intent changes nothing.
import { checkoutSessionTopic, customerTopic } from '@payshelf/api';
import { eq, sql } from 'drizzle-orm';
import { paymentMethods, prices } from '../../db/schema/index.js';
import { busClientOf } from '../../platform/notifications/publish.js';
import type { ConfirmedHandler, RejectedHandler } from '../../rails/registry.js';
import type { ConfirmedPayment } from '../../rails/types.js';
import { billCheckout } from '../billing/checkout-billing.js';
import { sellReservedStock } from '../catalog/stock.js';
import { invoiceObject } from '../billing/serialize.js';
import { getCustomer } from '../customers/repo.js';
import { getIntent, serializeIntent, updateIntent, type IntentRow } from '../intents/repo.js';
import type { PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { recordEvent } from '../shared/events.js';
import { getSession, updateSession, type SessionRow } from './repo.js';
import { withoutPersonalData } from './privacy.js';
import { sessionObject } from './serialize.js';

function paymentDetails(intent: IntentRow, payment: ConfirmedPayment, explorer: string | null) {
  return {
    ...(intent.paymentDetails ?? {}),
    type: 'evm',
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

/** Records a confirmed on-chain payment of a session's intent and completes the session. */
export async function completeCheckoutPayment(
  ctx: PaymentContext,
  tx: DbLike,
  reference: string,
  payment: ConfirmedPayment,
  explorer: string | null,
): Promise<SessionRow | null> {
  const locked = await lockForCompletion(tx, reference);
  if (!locked) return null;
  const details = paymentDetails(locked.intent, payment, explorer);
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
  if (!locked || locked.intent.amount !== 0n) return null;
  const details = { ...(locked.intent.paymentDetails ?? {}), type: 'none', reason: 'no_payment_required' };
  return finishCheckout(ctx, tx, locked, details, 0n, 'no_payment_required');
}

/**
 * Locks the intent's session, then the intent: the order submit takes them in, so a payment completing
 * while the customer submits again waits instead of deadlocking. Null when there is nothing to
 * complete (not a checkout intent, already succeeded, session gone or already complete).
 */
async function lockForCompletion(
  tx: DbLike,
  reference: string,
): Promise<{ intent: IntentRow; session: SessionRow } | null> {
  const peek = await getIntent(tx, reference);
  if (!peek?.checkoutSessionId) return null;
  const session = await getSession(tx, peek.checkoutSessionId, peek.livemode, true);
  const intent = await getIntent(tx, reference, true);
  if (!session || !intent || intent.status === 'succeeded' || session.status === 'complete') return null;
  return { intent, session };
}

async function finishCheckout(
  ctx: PaymentContext,
  tx: DbLike,
  { intent, session }: { intent: IntentRow; session: SessionRow },
  details: Record<string, unknown>,
  received: bigint,
  paymentStatus: 'paid' | 'no_payment_required',
): Promise<SessionRow | null> {
  let paid = await updateIntent(tx, intent.id, {
    status: 'succeeded',
    amountReceived: received,
    paymentDetails: details,
    lastPaymentError: null,
  });
  const { invoice, created, subscriptionIds } = await billCheckout(tx, session, paid, details);
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
  await recordEvent(tx, 'payment_intent.succeeded', serializeIntent(paid));
  for (const subscription of created) await recordEvent(tx, 'customer.subscription.created', subscription);
  await recordEvent(tx, 'invoice.paid', invoiceJson);
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

/** A rejected payment of the intent's current transaction: the page's polling reads the error. */
export async function failCheckoutPayment(
  tx: DbLike,
  reference: string,
  txRef: string,
  code: string,
  message: string,
): Promise<void> {
  const intent = await getIntent(tx, reference, true);
  if (!intent || intent.status === 'succeeded' || !intent.checkoutSessionId) return;
  const current = intent.paymentDetails?.tx_hash;
  if (typeof current === 'string' && current.toLowerCase() !== txRef.toLowerCase()) return;
  const failed = await updateIntent(tx, intent.id, {
    status: 'requires_action',
    lastPaymentError: { code, message, type: 'payment_error' },
  });
  await recordEvent(tx, 'payment_intent.payment_failed', serializeIntent(failed));
}

/** Registers the rail callbacks and the relay rules of checkout. */
export function registerCheckoutCompletion(ctx: PaymentContext): void {
  const { rails, relay } = ctx.services;
  const onConfirmed: ConfirmedHandler = async (event, tx) => {
    const explorer = explorerFor(ctx, event.methodId, event.txRef);
    await completeCheckoutPayment(ctx, tx, event.reference, event.payment, await explorer);
  };
  const onRejected: RejectedHandler = async (event, tx) => {
    await failCheckoutPayment(tx, event.reference, event.txRef, event.reason, event.detail);
  };
  rails.onConfirmed(onConfirmed);
  rails.onRejected(onRejected);

  relay.allow('checkout_session:', (topic) => /^checkout_session:cs_[A-Za-z0-9]{8,64}$/.test(topic));
  relay.allow('customer:', async (topic, request) => {
    const user = await ctx.sessions.user(request);
    if (!user) return false;
    const id = topic.slice('customer:'.length);
    for (const livemode of [true, false]) {
      const customer = await getCustomer(ctx.db, id, livemode);
      if (customer) return customer.did === user.did;
    }
    return false;
  });
}

async function explorerFor(ctx: PaymentContext, methodId: string, txRef: string): Promise<string | null> {
  const [method] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, methodId)).limit(1);
  if (!method) return null;
  try {
    return ctx.services.rails.forMethod(method).explorerUrl(txRef);
  } catch {
    return null;
  }
}
