// Flow: an allowance approve a DID wallet signed at checkout is committed (allowance_grants, status
// `signed`) before it is sent. A crash between the commit and a node accepting it leaves the row
// `signed`; this sends the same signed bytes again (the same transaction: an approve sets the allowance
// to one value, so sending it twice cannot grant more) and marks it `broadcast`. One whose nonce
// another transaction of that account took can never be mined: it is marked `replaced`, and the
// customer grants again from the portal. Runs with the reconcile job (startup and every minute).
import { and, eq, lt } from 'drizzle-orm';
import { allowanceGrants, subscriptions } from '../../db/schema/index.js';
import { getCurrency } from '../methods/index.js';
import { payingWith, resendUnknown } from '../intents/index.js';
import { chosenPayer } from '../payers/index.js';
import type { PaymentContext } from '../shared/context.js';

type GrantRow = typeof allowanceGrants.$inferSelect;
export type GrantOutcome = 'sent' | 'known' | 'replaced' | 'waiting';

async function mark(ctx: PaymentContext, grant: GrantRow, status: 'broadcast' | 'replaced') {
  await ctx.db
    .update(allowanceGrants)
    .set({ status, broadcastAt: status === 'broadcast' ? new Date() : null, updatedAt: new Date() })
    .where(and(eq(allowanceGrants.id, grant.id), eq(allowanceGrants.status, 'signed')));
}

/** A subscription still without a payer takes the grant's signer, a proved account of its customer. */
async function adoptPayer(ctx: PaymentContext, grant: GrantRow, rail: Parameters<typeof chosenPayer>[2]) {
  if (!grant.subscriptionId || !grant.customerId) return;
  const proved = await chosenPayer(ctx.db, grant.customerId, rail, grant.payer).catch(() => null);
  if (!proved) return;
  await ctx.db
    .update(subscriptions)
    .set({ payer: proved, updatedAt: new Date() })
    .where(and(eq(subscriptions.id, grant.subscriptionId), eq(subscriptions.customerId, grant.customerId)));
}

async function resendOne(ctx: PaymentContext, grant: GrantRow): Promise<GrantOutcome> {
  const currency = await getCurrency(ctx.db, grant.currencyId, grant.livemode);
  if (!currency) return 'waiting';
  const paying = await payingWith(ctx, ctx.db, grant.livemode, currency.paymentMethodId, currency.id);
  const { rail } = paying;
  const outcome = await resendUnknown(paying, grant.txRef, grant.raw);
  if (outcome === 'replaced') {
    await mark(ctx, grant, 'replaced');
    return 'replaced';
  }
  await mark(ctx, grant, 'broadcast');
  const [sub] = grant.subscriptionId
    ? await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, grant.subscriptionId))
    : [];
  if (sub && sub.payer === null) await adoptPayer(ctx, grant, rail);
  return outcome;
}

/** Sends again every approve committed more than `settleAfterMs` ago that no node has accepted yet. */
export async function resendAllowanceGrants(
  ctx: PaymentContext,
  settleAfterMs: number,
): Promise<Record<GrantOutcome, number>> {
  const counts: Record<GrantOutcome, number> = { sent: 0, known: 0, replaced: 0, waiting: 0 };
  const rows = await ctx.db
    .select()
    .from(allowanceGrants)
    .where(
      and(
        eq(allowanceGrants.status, 'signed'),
        lt(allowanceGrants.updatedAt, new Date(Date.now() - settleAfterMs)),
      ),
    )
    .limit(100);
  for (const grant of rows) {
    try {
      counts[await resendOne(ctx, grant)] += 1;
    } catch (err) {
      ctx.services.log.warn(
        { err: err instanceof Error ? err.message : String(err), txRef: grant.txRef },
        'reconcile: allowance approve not sent; next run retries',
      );
    }
  }
  return counts;
}
