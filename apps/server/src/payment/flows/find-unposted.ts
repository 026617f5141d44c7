// Flow: a browser-wallet payment whose hash was never posted. The browser's wallet sends the transfer
// and the page then posts its hash (/tx); a page that dies in between (closed tab, crash, lost network)
// leaves money on the merchant's address and an intent still asking for it. At start and every minute
// this job asks each rail that can scan (`transfersNaming`) for recent transfers to the merchant
// (tokens and the native coin alike) naming an intent still waiting for payment (its reference tag, put
// there by the wallet request; a transfer without one is nobody's and is never attributed), and
// accepts each as if the page had posted it: the same verification against the intent's frozen
// amount, asset and payer, so it completes the checkout (or the portal's browser-wallet batch of
// invoices, flows/wallet-batch.ts), is watched, or (too little) is refunded. Intents already paid are
// searched too: a second transfer for one (a second tab that paid again and closed) is refunded to its
// sender (intents/settle.ts); the transfer that paid was posted, so it is never presented again. So
// are checkout intents canceled within the last hour (a session that expired while a wallet paid):
// their transfers are recorded and refunded (the late-payment rule).
import { and, eq, gt, isNotNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiError } from '../../core/http/errors.js';
import { checkoutSessions, paymentIntents } from '../../db/schema/index.js';
import { assetOf, attemptsOf, type IntentRow, transfersNaming } from '../intents/index.js';
import { getCurrency, getMethod } from '../methods/index.js';
import type { PaymentContext } from '../shared/context.js';
import { acceptTransaction } from './pay-checkout.js';
import { BATCH_KEY, batchOf } from '../portal/index.js';
import { acceptBatchTransaction } from './wallet-batch.js';

export const FIND_UNPOSTED_TASK = 'payment:find-unposted';
/** A transfer younger than this may still be posted by its page. */
const SETTLE_AFTER_MS = 30_000;
/** How far back intents and blocks are searched (a day of intents; the last 5,000 blocks). */
const INTENT_WINDOW_MS = 24 * 3600_000;
const LOOKBACK_BLOCKS = 5_000;
/** How long after its payment an intent is searched for a second transfer (a second tab paying again). */
const PAID_WINDOW_MS = 3600_000;
/**
 * The grace for late payments: how long after a checkout's intent was canceled (the session expired or
 * changed) a transfer to it is still searched for, recorded and refunded. A wallet paying from a QR
 * code (a Bitcoin address) never posts its hash, so only this search finds a payment sent too late.
 */
const LATE_WINDOW_MS = 3600_000;

/**
 * The checkout and batch intents waiting for a transfer or already paid (a second transfer for one is
 * refunded), grouped by method and currency (one scan each).
 */
async function waitingIntents(ctx: PaymentContext, settleAfterMs: number): Promise<Map<string, IntentRow[]>> {
  const now = Date.now();
  const rows = await ctx.db
    .select({ intent: paymentIntents })
    .from(paymentIntents)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentIntents.checkoutSessionId))
    .where(
      and(
        eq(paymentIntents.status, 'requires_action'),
        isNotNull(paymentIntents.paymentMethodId),
        eq(checkoutSessions.status, 'open'),
        eq(checkoutSessions.paymentIntentId, paymentIntents.id),
        gt(paymentIntents.createdAt, new Date(now - INTENT_WINDOW_MS)),
        lt(paymentIntents.updatedAt, new Date(now - settleAfterMs)),
      ),
    )
    .limit(500);
  // The portal's browser-wallet batches (one open invoice, or one currency's overdue invoices).
  const batches = await ctx.db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.status, 'requires_action'),
        isNotNull(paymentIntents.paymentMethodId),
        sql`${paymentIntents.metadata} ? ${BATCH_KEY}`,
        gt(paymentIntents.createdAt, new Date(now - INTENT_WINDOW_MS)),
        lt(paymentIntents.updatedAt, new Date(now - settleAfterMs)),
      ),
    )
    .limit(500);
  // Checkout and batch intents paid within the last hour: a second transfer for one is refunded.
  const paid = await ctx.db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.status, 'succeeded'),
        isNotNull(paymentIntents.paymentMethodId),
        or(isNotNull(paymentIntents.checkoutSessionId), sql`${paymentIntents.metadata} ? ${BATCH_KEY}`),
        gt(paymentIntents.updatedAt, new Date(now - PAID_WINDOW_MS)),
      ),
    )
    .limit(500);
  // Checkout intents canceled within the grace: a transfer still arriving for one is refunded.
  const late = await ctx.db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.status, 'canceled'),
        isNotNull(paymentIntents.paymentMethodId),
        isNotNull(paymentIntents.checkoutSessionId),
        gt(paymentIntents.updatedAt, new Date(now - LATE_WINDOW_MS)),
        // A late transfer found once is refunded then: its refund (being sent or re-signed after a
        // restart) owns it, and the search must not present the same transfer again.
        sql`not exists (select 1 from refunds r where r.payment_intent_id = ${paymentIntents.id})`,
      ),
    )
    .limit(500);
  const groups = new Map<string, IntentRow[]>();
  for (const intent of [...rows.map((r) => r.intent), ...batches, ...paid, ...late]) {
    const key = `${intent.livemode}/${intent.paymentMethodId}/${intent.currencyId}`;
    groups.set(key, [...(groups.get(key) ?? []), intent]);
  }
  return groups;
}

/** Accepts a found transfer as its page would have posted it; false when the intent is neither kind. */
export async function acceptFound(ctx: PaymentContext, intent: IntentRow, txRef: string): Promise<boolean> {
  if (batchOf(intent)) {
    await acceptBatchTransaction(ctx, intent, txRef);
    return true;
  }
  if (!intent.checkoutSessionId) return false;
  const [session] = await ctx.db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, intent.checkoutSessionId));
  if (!session) return false;
  await acceptTransaction(ctx, session, txRef, 'wallet');
  return true;
}

/** Finds and accepts unposted transfers; answers how many were accepted. */
export async function findUnposted(ctx: PaymentContext, settleAfterMs = SETTLE_AFTER_MS): Promise<number> {
  let accepted = 0;
  for (const intents of (await waitingIntents(ctx, settleAfterMs)).values()) {
    const first = intents[0];
    if (!first?.paymentMethodId) continue;
    const method = await getMethod(ctx.db, first.paymentMethodId, first.livemode);
    const currency = await getCurrency(ctx.db, first.currencyId, first.livemode);
    if (!method || !currency) continue;
    const scanning = { rail: ctx.services.rails.forMethod(method), asset: assetOf(currency) };
    let found: Array<{ txRef: string; reference: string }> | null;
    try {
      found = await transfersNaming(scanning, intents, LOOKBACK_BLOCKS);
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      ctx.services.log.warn(
        { method: method.id, detail },
        'unposted transfers not searched; next run retries',
      );
      continue;
    }
    for (const { txRef, reference } of found ?? []) {
      const intent = intents.find((i) => i.id === reference);
      if (!intent) continue;
      // Already presented for this intent (posted, or found and refused as underpaid): not again.
      const tried = await attemptsOf(ctx.db, intent.id);
      if (tried.some((a) => a.txRef === txRef.toLowerCase())) continue;
      try {
        if (!(await acceptFound(ctx, intent, txRef))) continue;
        accepted += 1;
      } catch (err) {
        // Refused as a post would be (underpaid: recorded and refunded; another payment's): logged.
        const detail = err instanceof ApiError ? err.code : err instanceof Error ? err.message : String(err);
        ctx.services.log.info({ txRef, reference, detail }, 'unposted transfer not accepted');
      }
    }
  }
  return accepted;
}

export function registerFindUnpostedJob(ctx: PaymentContext): void {
  const { jobs } = ctx.services;
  const payload = z.object({ settleAfterMs: z.number().int().min(0).optional() }).passthrough();
  jobs.define(FIND_UNPOSTED_TASK, payload, async ({ settleAfterMs }, { log }) => {
    const accepted = await findUnposted(ctx, settleAfterMs);
    if (accepted > 0) log.info({ accepted }, 'unposted transfers accepted');
  });
  jobs.schedule('* * * * *', FIND_UNPOSTED_TASK);
  jobs.atStart(FIND_UNPOSTED_TASK, { settleAfterMs: 0 });
}
