// Completion of a checkout when its payment is confirmed on chain: the intent succeeds, a paid invoice
// is written, the session completes, events are recorded (rows first) and pushed on the relay socket.
// Everything happens inside the rail's recording transaction, so a crash either keeps all or nothing
// (and the watcher retries); running it again for a succeeded intent changes nothing.
import { checkoutSessionTopic, customerTopic } from '@payshelf/api';
import { lineTotal } from '@payshelf/money';
import { eq, sql } from 'drizzle-orm';
import { invoiceItems, invoices, paymentMethods, prices } from '../../db/schema/index.js';
import { busClientOf } from '../../platform/notifications/publish.js';
import type { ConfirmedHandler, RejectedHandler } from '../../rails/registry.js';
import type { ConfirmedPayment } from '../../rails/types.js';
import { getCustomer } from '../customers/repo.js';
import { getIntent, serializeIntent, updateIntent, type IntentRow } from '../intents/repo.js';
import type { PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { recordEvent } from '../shared/events.js';
import { newId } from '../shared/ids.js';
import { iso, isoOrNull } from '../shared/time.js';
import { loadPrices, toRuleItem } from './lines.js';
import { getSession, updateSession, type SessionRow } from './repo.js';
import { sessionObject } from './serialize.js';

type InvoiceRow = typeof invoices.$inferSelect;

export function invoiceObject(row: InvoiceRow) {
  return {
    id: row.id,
    object: 'invoice' as const,
    livemode: row.livemode,
    number: row.number,
    status: row.status,
    billing_reason: row.billingReason,
    customer_id: row.customerId,
    subscription_id: row.subscriptionId,
    currency_id: row.currencyId,
    payment_method_id: row.paymentMethodId,
    payment_intent_id: row.paymentIntentId,
    checkout_session_id: row.checkoutSessionId,
    subtotal: row.subtotal.toString(),
    total: row.total.toString(),
    amount_due: row.amountDue.toString(),
    amount_paid: row.amountPaid.toString(),
    amount_remaining: row.amountRemaining.toString(),
    description: row.description,
    period_start: isoOrNull(row.periodStart),
    period_end: isoOrNull(row.periodEnd),
    metadata: row.metadata,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

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

async function writeInvoice(
  tx: DbLike,
  session: SessionRow,
  intent: IntentRow,
  details: Record<string, unknown>,
): Promise<InvoiceRow> {
  const loaded = await loadPrices(tx, session.lineItems, session.livemode);
  const id = newId('in');
  const [invoice] = await tx
    .insert(invoices)
    .values({
      id,
      livemode: session.livemode,
      status: 'paid',
      billingReason: session.mode === 'subscription' ? 'subscription_create' : 'manual',
      customerId: intent.customerId ?? '',
      currencyId: intent.currencyId,
      paymentMethodId: intent.paymentMethodId,
      subtotal: session.amountSubtotal,
      total: session.amountTotal,
      amountDue: intent.amount,
      amountPaid: intent.amount,
      amountRemaining: 0n,
      paymentIntentId: intent.id,
      checkoutSessionId: session.id,
      description: intent.description,
      metadata: { payment_details: details },
    })
    .returning();
  if (!invoice) throw new Error('invoice insert failed');
  for (const item of session.lineItems) {
    const effective = item.upsell_price_id ?? item.price_id;
    await tx.insert(invoiceItems).values({
      id: newId('ii'),
      livemode: session.livemode,
      invoiceId: id,
      priceId: effective,
      quantity: item.quantity,
      amount: lineTotal(toRuleItem(item, loaded), session.currencyId),
    });
    await tx
      .update(prices)
      .set({ quantitySold: sql`${prices.quantitySold} + ${item.quantity}` })
      .where(eq(prices.id, effective));
  }
  return invoice;
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
  const intent = await getIntent(tx, reference, true);
  if (!intent || intent.status === 'succeeded' || !intent.checkoutSessionId) return null;
  const details = paymentDetails(intent, payment, explorer);
  return finishCheckout(ctx, tx, intent, details, payment.amount, 'paid');
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
  const intent = await getIntent(tx, reference, true);
  if (!intent || intent.status === 'succeeded' || !intent.checkoutSessionId || intent.amount !== 0n)
    return null;
  const details = { ...(intent.paymentDetails ?? {}), type: 'none', reason: 'no_payment_required' };
  return finishCheckout(ctx, tx, intent, details, 0n, 'no_payment_required');
}

async function finishCheckout(
  ctx: PaymentContext,
  tx: DbLike,
  intent: IntentRow,
  details: Record<string, unknown>,
  received: bigint,
  paymentStatus: 'paid' | 'no_payment_required',
): Promise<SessionRow | null> {
  const session = await getSession(tx, intent.checkoutSessionId ?? '', intent.livemode, true);
  if (!session) return null;
  let paid = await updateIntent(tx, intent.id, {
    status: 'succeeded',
    amountReceived: received,
    paymentDetails: details,
    lastPaymentError: null,
  });
  const invoice = await writeInvoice(tx, session, paid, details);
  paid = await updateIntent(tx, intent.id, { invoiceId: invoice.id });
  // Subscription mode: the billing core has no subscriptions table yet, so no subscription row is
  // created here and subscription_id stays null (the invoice is billed as subscription_create).
  const completed = await updateSession(tx, session.id, {
    status: 'complete',
    paymentStatus,
    invoiceId: invoice.id,
    customerId: session.customerId ?? paid.customerId,
  });
  const view = { db: tx, base: ctx.services.config.PUBLIC_URL?.replace(/\/+$/, '') ?? '', mount: ctx.mount };
  const sessionJson = await sessionObject(view, completed);
  const invoiceJson = invoiceObject(invoice);
  await recordEvent(tx, 'payment_intent.succeeded', serializeIntent(paid));
  await recordEvent(tx, 'invoice.paid', invoiceJson);
  await recordEvent(tx, 'checkout.session.completed', sessionJson);

  await publish(ctx, tx, checkoutSessionTopic(completed.id), 'checkout.session.completed', sessionJson);
  if (invoice.customerId) {
    const topic = customerTopic(invoice.customerId);
    await publish(ctx, tx, topic, 'invoice.paid', {
      ...invoiceJson,
      customer_id: invoice.customerId,
      subscription_id: invoice.subscriptionId,
      currency_id: invoice.currencyId,
    });
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
