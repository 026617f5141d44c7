// Nonces of the accounts this server signs with (the hot wallet), allocated in the database so a signed
// transaction committed before it is sent keeps its nonce, and two processes never sign the same one.
import { sql } from 'drizzle-orm';
import type { DbLike } from '../types.js';

/**
 * The next nonce for `address` on `network`: the larger of what this server handed out and what the
 * chain counts (pending included), taken under the account row's lock in the caller's transaction.
 * With `resync` (this process's first nonce for the account) the chain's count alone: the database's
 * counter may come from a chain that was since reset or forgot blocks (a demo chain restarted without its
 * state), and a nonce above the chain's count would wait in its pool forever. A committed transaction
 * still holding a nonce at or above the chain's count is sent by the reconcile job with the gap below it
 * filled (sending.ts), or, when a new transaction took its nonce, signed again (intents/collect.ts).
 */
export async function allocateNonce(
  db: DbLike,
  network: string,
  address: string,
  chainPending: bigint,
  resync = false,
): Promise<bigint> {
  const account = address.toLowerCase();
  const pending = chainPending.toString();
  const next = resync ? sql`${pending}::bigint` : sql`greatest(rail_nonces.next_nonce, ${pending}::bigint)`;
  const rows = await db.execute<{ next_nonce: string }>(sql`
    INSERT INTO rail_nonces (network, address, next_nonce) VALUES (${network}, ${account}, ${pending}::bigint + 1)
    ON CONFLICT (network, address) DO UPDATE SET next_nonce = ${next} + 1, updated_at = now()
    RETURNING next_nonce`);
  const value = rows.rows[0]?.next_nonce;
  if (value === undefined) throw new Error('nonce allocation failed');
  return BigInt(value) - 1n;
}

/**
 * Gives `nonce` back when it was the last one handed out and its transaction never reached the chain,
 * so the next transaction does not wait behind a gap forever.
 */
export async function releaseNonce(
  db: DbLike,
  network: string,
  address: string,
  nonce: bigint,
): Promise<void> {
  await db.execute(sql`
    UPDATE rail_nonces SET next_nonce = ${nonce.toString()}::bigint, updated_at = now()
    WHERE network = ${network} AND address = ${address.toLowerCase()} AND next_nonce = ${(nonce + 1n).toString()}::bigint`);
}
