// Flow: collecting an open invoice. charge_automatically pulls the amount due from the ERC-20
// allowance the subscription's payer granted the merchant's spender (the fast-pay machinery: the pull
// is signed and committed as a payment attempt, with the intent processing and its watch, before it is
// sent; a crash after the commit leaves the reconcile job to re-send the same transaction, never a
// second charge). A pull that cannot be made (no allowance, low balance, no payer) is a failed attempt
// recorded on the invoice, with the next retry planned (billing/subscriptions/dunning.ts). A pull that
// moved less than the invoice's amount (a fee-on-transfer token) pays nothing: it is refunded and the
// invoice stays open (flows/invoice-payment.ts).
// An invoice has one collection intent at a time: linked to the invoice when created and reused by
// every retry while it asks for the amount still owed (replaced, and canceled, when that changed). A
// failed attempt is its `last_payment_error`; when no retry follows, the intent is closed
// (flows/invoice-payment.ts `collectionFailed`), and paying the invoice any other way closes it too.
//
// Lock order: the subscription → the invoice → the payment intent → the signer's nonce → attempts.
import {
  getInvoice,
  lockInvoice,
  lockSubscription,
  recordCollectionSubmitted,
  settleInvoicePaid,
} from '../billing/index.js';
import {
  type AttemptRow,
  checkTransfer,
  collect,
  failIntent,
  getIntent,
  type IntentRow,
  type PayingWith,
  payingWith,
} from '../intents/index.js';
import { crashPoint } from '../../core/chaos.js';
import type { PaymentContext } from '../shared/context.js';
import { collectionFailed, collectionIntentFor, settleInvoiceTransfer } from './invoice-payment.js';
import { sendPull } from './pull-replaced.js';

export type CollectOutcome = 'paid' | 'submitted' | 'failed' | 'skipped';

export interface CollectOptions {
  /** Billing time (the test clock's time for objects on a clock). */
  now: Date;
  /** Collect now, whatever the retry plan says, and an uncollectible invoice too (POST /invoices/{id}/pay). */
  force?: boolean;
  /** Wait up to this long for the pull to confirm and settle it here (test clocks answer when done). */
  waitMs?: number;
}

type Step =
  | { kind: 'done'; outcome: CollectOutcome }
  | { kind: 'sent'; attempt: AttemptRow; intent: IntentRow; paying: PayingWith; payer: string };

const NOT_COLLECTED = new Set(['paused', 'canceled', 'incomplete_expired']);

async function prepare(ctx: PaymentContext, invoiceId: string, opts: CollectOptions): Promise<Step> {
  const { now } = opts;
  const peek = await getInvoice(ctx.db, invoiceId, false).then(
    (r) => r ?? getInvoice(ctx.db, invoiceId, true),
  );
  if (!peek) return { kind: 'done', outcome: 'skipped' };
  return ctx.db.transaction(async (tx): Promise<Step> => {
    const sub = peek.subscriptionId ? await lockSubscription(tx, peek.subscriptionId) : null;
    const invoice = await lockInvoice(tx, invoiceId);
    const skip = { kind: 'done', outcome: 'skipped' } as const;
    if (!invoice) return skip;
    if (opts.force) {
      if (invoice.status !== 'open' && invoice.status !== 'uncollectible') return skip;
    } else {
      const due = invoice.nextPaymentAttempt && invoice.nextPaymentAttempt.getTime() <= now.getTime();
      if (invoice.status !== 'open' || !due || (sub && NOT_COLLECTED.has(sub.status))) return skip;
    }
    if (invoice.amountRemaining === 0n) {
      await settleInvoicePaid(ctx, tx, sub, invoice, 0n, { type: 'none' }, now);
      return { kind: 'done', outcome: 'paid' };
    }
    const inFlight = invoice.paymentIntentId ? await getIntent(tx, invoice.paymentIntentId, true) : null;
    if (inFlight?.status === 'processing') return skip;
    let tried: IntentRow | null = null;
    const fail = async (reason: string): Promise<Step> => {
      // The attempt's reason is the intent's last_payment_error; the retry reuses it.
      if (tried) await failIntent(tx, tried, reason, `collection of invoice ${invoice.id} failed: ${reason}`);
      await collectionFailed(ctx, tx, sub, invoice, reason, now);
      return { kind: 'done', outcome: 'failed' };
    };
    const payer = sub?.payer;
    const methodId = invoice.paymentMethodId ?? sub?.defaultPaymentMethodId;
    if (!payer || !methodId) return fail('no_payer');
    let paying: PayingWith;
    try {
      paying = await payingWith(ctx, tx, invoice.livemode, methodId, invoice.currencyId);
    } catch (err) {
      ctx.services.log.warn(
        { err: err instanceof Error ? err.message : String(err), invoice: invoice.id },
        'collection: payment method unavailable',
      );
      return fail('payment_method_unavailable');
    }
    const intent = await collectionIntentFor(tx, invoice, paying);
    tried = intent;
    const collected = await collect(ctx, tx, intent, paying, payer, { fast_pay_payer: payer });
    if (collected.status === 'declined') {
      if (collected.error) {
        ctx.services.log.warn({ err: collected.error, invoice: invoice.id }, 'collection: pull failed');
      }
      return fail(collected.reason);
    }
    const { attempt, intent: processing } = collected;
    await recordCollectionSubmitted(tx, invoice, attempt.txRef, intent.id, now);
    return { kind: 'sent', attempt, intent: processing, paying, payer };
  });
}

/** Waits for the pull to be mined and settles it in place (the watcher would do the same later). */
async function settleNow(ctx: PaymentContext, step: Extract<Step, { kind: 'sent' }>, waitMs: number) {
  const deadline = Date.now() + waitMs;
  const { txRef } = step.attempt;
  while (Date.now() < deadline) {
    const outcome = await ctx.db.transaction(async (tx) => {
      const { result, explorer } = await checkTransfer(tx, step.paying, step.intent, txRef, step.payer);
      return settleInvoiceTransfer(ctx, tx, step.intent.id, txRef, result, explorer, step.paying.rail.kind);
    });
    if (outcome) return outcome;
    await new Promise((r) => setTimeout(r, 150));
  }
  return 'submitted' as const;
}

/** Collects the invoice when an attempt is due (or `force`); answers what happened. */
export async function collectInvoice(
  ctx: PaymentContext,
  invoiceId: string,
  opts: CollectOptions,
): Promise<CollectOutcome> {
  const step = await prepare(ctx, invoiceId, opts);
  if (step.kind === 'done') return step.outcome;
  crashPoint('pull:after-commit-before-send');
  let sent: AttemptRow | null;
  try {
    // The committed bytes, or (their nonce taken by another transaction) the pull signed again.
    sent = await sendPull(ctx, step.paying, step.attempt);
  } catch (err) {
    ctx.services.log.warn(
      { err: err instanceof Error ? err.message : String(err), invoice: invoiceId },
      'collection: pull not sent; the reconcile job retries it',
    );
    return 'submitted';
  }
  if (!sent) return 'failed';
  return opts.waitMs ? settleNow(ctx, { ...step, attempt: sent }, opts.waitMs) : 'submitted';
}
