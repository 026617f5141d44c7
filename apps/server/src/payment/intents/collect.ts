// Collecting an intent off-session: the server pulls its frozen amount from the allowance a payer
// granted the merchant (fast pay at checkout, an invoice's collection, a renewal). The pull is signed
// with a nonce taken in the caller's transaction and committed as an attempt, with the intent
// processing and its confirmation watch, before anything is sent (`sendCollected`): a crash after the
// commit leaves the reconcile job to re-send the same bytes, never a second charge. `collect` answers:
//   submitted   signed and committed: send `attempt` once the caller's transaction commits
//   declined    the rail did not sign: the allowance or the balance is short, or the rail failed
// A committed pull whose nonce another transaction of the hot wallet took can never be mined: only
// when the rail answers `replaced` for its bytes is it signed again (`collectAgain`, under the rows of
// what it pays: flows/pull-replaced.ts), at most MAX_SIGNS times in all (the refunds' rule too).
import type { PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { markBroadcast, recordPullAttempt, settleAttempt, type AttemptRow } from './attempts.js';
import { expectationOf, type PayingWith } from './rail.js';
import { updateIntent, type IntentRow } from './repo.js';
import { startProcessing } from './service.js';

export type DeclineReason = 'insufficient_allowance' | 'insufficient_balance' | 'pull_failed';

export type Collected =
  | { status: 'submitted'; attempt: AttemptRow; intent: IntentRow }
  | { status: 'declined'; reason: DeclineReason; error?: string };

/** How many times one transfer's transaction is signed before it is given up as failed. */
export const MAX_SIGNS = 3;

/** What to do with a transaction that lost its nonce, after `signed` signatures in all. */
export function replacementStep(signed: number): 'sign_again' | 'fail' {
  return signed < MAX_SIGNS ? 'sign_again' : 'fail';
}

/** The error recorded when a committed transaction lost its nonce. */
export function nonceLost(txRef: string | null, nonce: bigint): string {
  return `transaction ${txRef ?? ''} can never be mined: another transaction used nonce ${nonce}`;
}

/** Signs the pull and records it as the intent's attempt; the caller moves the intent and watches it. */
async function signAndRecord(
  tx: DbLike,
  intent: IntentRow,
  paying: PayingWith,
  payer: string,
): Promise<{ status: 'signed'; attempt: AttemptRow } | Extract<Collected, { status: 'declined' }>> {
  let signed;
  try {
    const delegation = { payer, asset: paying.asset, reference: intent.id };
    signed = await paying.rail.signCollect(delegation, intent.amount, tx);
  } catch (err) {
    return {
      status: 'declined',
      reason: 'pull_failed',
      error: err instanceof Error ? err.message : String(err),
    };
  }
  if (signed.status === 'insufficient') {
    const reason = signed.reason === 'delegation' ? 'insufficient_allowance' : 'insufficient_balance';
    return { status: 'declined', reason };
  }
  return { status: 'signed', attempt: await recordPullAttempt(tx, intent.id, paying.rail, signed, payer) };
}

async function watch(
  ctx: PaymentContext,
  tx: DbLike,
  intent: IntentRow,
  paying: PayingWith,
  payer: string,
  attempt: AttemptRow,
) {
  const expectation = expectationOf(intent, paying, payer);
  await ctx.services.rails.watch({ method: paying.method, txRef: attempt.txRef, expectation }, tx);
}

/**
 * Signs the pull of `intent`'s amount from `payer` and commits it in `tx` (the intent locked by the
 * caller): the attempt, the intent processing with `details`, the watch. Nothing is sent yet.
 */
export async function collect(
  ctx: PaymentContext,
  tx: DbLike,
  intent: IntentRow,
  paying: PayingWith,
  payer: string,
  details: Record<string, unknown> = {},
): Promise<Collected> {
  const signed = await signAndRecord(tx, intent, paying, payer);
  if (signed.status === 'declined') return signed;
  const { attempt } = signed;
  const processing = await startProcessing(tx, intent, {
    tx_hash: attempt.txRef,
    fast_pay: true,
    ...details,
    pull_signs: 1,
  });
  await watch(ctx, tx, processing, paying, payer, attempt);
  return { status: 'submitted', attempt, intent: processing };
}

/**
 * Signs a committed pull again after its nonce was taken (the intent locked by the caller, still
 * processing with `lost`): the old attempt fails `nonce_taken`, the new one is committed and watched.
 */
export async function collectAgain(
  ctx: PaymentContext,
  tx: DbLike,
  intent: IntentRow,
  paying: PayingWith,
  lost: AttemptRow,
  payer: string,
): Promise<Collected> {
  const signed = await signAndRecord(tx, intent, paying, payer);
  if (signed.status === 'declined') return signed;
  await settleAttempt(tx, intent.id, lost.txRef, 'failed', 'nonce_taken');
  const details = intent.paymentDetails ?? {};
  const signs = typeof details.pull_signs === 'number' ? details.pull_signs : 1;
  const updated = await updateIntent(tx, intent.id, {
    paymentDetails: { ...details, tx_hash: signed.attempt.txRef, pull_signs: signs + 1 },
  });
  await watch(ctx, tx, updated, paying, payer, signed.attempt);
  return { status: 'submitted', attempt: signed.attempt, intent: updated };
}

/**
 * Sends a committed pull's bytes (again): `sent`, or `replaced` with the nonce another transaction
 * used (the caller signs again under its rows' locks). Throws when sending failed otherwise (the
 * reconcile job retries).
 */
export async function sendCollected(
  ctx: PaymentContext,
  paying: PayingWith,
  attempt: AttemptRow,
): Promise<{ status: 'sent' } | { status: 'replaced'; nonce: bigint }> {
  try {
    await paying.rail.submit(attempt.raw ?? '');
  } catch (err) {
    const sent = await paying.rail.track(attempt.txRef, attempt.raw ?? undefined).catch(() => null);
    if (sent?.status !== 'replaced') throw err;
    return { status: 'replaced', nonce: sent.nonce };
  }
  await markBroadcast(ctx.db, attempt.id);
  return { status: 'sent' };
}
