// What payment code asks of a rail about one transfer, in payment words: the target a wallet pays for
// an intent, whether a signed transaction pays it, sending a committed transaction, a transfer checked
// against the intent's frozen terms, and a payer's funds. Flows and checkout call these, never a Rail.
import type { DbLike } from '../shared/db.js';
import {
  expectationOf,
  type FundsCheck,
  type PayingWith,
  type PaymentTarget,
  type VerifyResult,
} from './rail.js';
import type { WalletRequest } from './rail.js';
import type { IntentRow } from './repo.js';

/** What a wallet is asked to pay for the intent: its frozen amount and asset, tagged with its reference. */
export function targetOf(paying: PayingWith, intent: IntentRow): Promise<PaymentTarget> {
  return paying.rail.prepare({ reference: intent.id, asset: paying.asset, amount: intent.amount });
}

/** The hash of a wallet's signed transaction when it pays this intent (its reference); else null. */
export function signedFor(paying: PayingWith, intent: IntentRow, signed: string): string | null {
  const inspected = paying.rail.inspect(signed, intent.id);
  return inspected.forReference ? inspected.txRef.toLowerCase() : null;
}

/** Sends a signed transaction already committed; sending one the chain already knows is harmless. */
export async function sendSigned(paying: Pick<PayingWith, 'rail'>, signed: string): Promise<void> {
  await paying.rail.submit(signed);
}

/**
 * A committed transaction sent again only when no node knows it: `replaced` when its nonce went to
 * another transaction (it can never be mined), `known` when a node has it, `sent` when it was sent now.
 */
export async function resendUnknown(
  paying: Pick<PayingWith, 'rail'>,
  txRef: string,
  signed: string,
): Promise<'replaced' | 'known' | 'sent'> {
  const seen = await paying.rail.track(txRef, signed);
  if (seen.status === 'replaced') return 'replaced';
  if (seen.status !== 'not_found') return 'known';
  await paying.rail.submit(signed);
  return 'sent';
}

/**
 * A transfer checked against the intent's own frozen terms (and its committed payer for a pull); a
 * confirmed one is claimed for the intent in `db` (the caller's transaction), with its explorer link.
 */
export async function checkTransfer(
  db: DbLike,
  paying: PayingWith,
  intent: IntentRow,
  txRef: string,
  payer?: string,
): Promise<{ result: VerifyResult; explorer: string | null }> {
  const result = await paying.rail.verify(txRef, expectationOf(intent, paying, payer), { db });
  return { result, explorer: result.status === 'confirmed' ? paying.rail.explorerUrl(txRef) : null };
}

/** The payer's balance and the allowance it granted the merchant, against `amount`. */
export function fundsOf(paying: PayingWith, payer: string, amount: bigint): Promise<FundsCheck> {
  return paying.rail.standing(payer, paying.asset, amount);
}

/** The request a payer's wallet signs to let the merchant pull up to `allowance` of the asset. */
export function mandateRequest(paying: PayingWith, allowance: bigint): Promise<WalletRequest> {
  return paying.rail.prepareMandate(paying.asset, allowance);
}

/**
 * The recent transfers to the merchant (the last `lookbackBlocks`) that name one of the intents by
 * its reference; null when the rail cannot scan its chain.
 */
export async function transfersNaming(
  paying: Pick<PayingWith, 'rail' | 'asset'>,
  intents: readonly IntentRow[],
  lookbackBlocks: number,
): Promise<Array<{ txRef: string; reference: string }> | null> {
  if (!paying.rail.findTransfersFor) return null;
  const references = intents.map((i) => i.id);
  return paying.rail.findTransfersFor(paying.asset, references, lookbackBlocks);
}
