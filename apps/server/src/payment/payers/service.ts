// Fast pay pulls money without the wallet, so it may only ever pull from an account the signed-in
// customer proved they control, and only for that customer: by signing a one-time server challenge
// (payer-challenge / payer-proof), or by paying from it with their own wallet through DID Connect.
// The `payer` a page sends is only a choice among the customer's proved accounts.
import { randomBytes } from 'node:crypto';
import type { PayerChallengeAnswer } from '@payshelf/api';
import { ApiError } from '../../core/http/errors.js';
import type { Rail } from '../intents/index.js';
import { getCustomer, getCustomerByDid } from '../customers/index.js';
import type { Caller } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { iso } from '../shared/time.js';
import {
  findPayerAccount,
  insertChallenge,
  latestPayerAccount,
  savePayerAccount,
  useChallenge,
} from './repo.js';

/** How long a challenge may be signed after it was handed out. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export function payerNotProved(): ApiError {
  return ApiError.of('PAYER_NOT_PROVED', {}, { param: 'payer' });
}

function proofInvalid(): ApiError {
  return ApiError.of('PAYER_PROOF_INVALID', {}, { param: 'signature' });
}

function ownershipOf(rail: Rail) {
  const verify = rail.verifyOwnership?.bind(rail);
  if (!verify) throw ApiError.of('PAYMENT_METHOD_NOT_SUPPORTED', {});
  return verify;
}

/** The text the wallet signs: what it proves, for whom, where, and until when. */
export function challengeMessage(input: {
  site: string;
  address: string;
  customerId: string;
  nonce: string;
  expiresAt: Date;
}): string {
  return [
    'Payshelf: sign to prove you control this account for fast pay. This costs nothing and moves no funds.',
    `Account: ${input.address}`,
    `Customer: ${input.customerId}`,
    `Site: ${input.site}`,
    `Nonce: ${input.nonce}`,
    `Expires: ${input.expiresAt.toISOString()}`,
  ].join('\n');
}

/** A challenge for `address`, or `proved: true` when the customer proved it before. */
export async function createChallenge(
  db: DbLike,
  input: { customerId: string; rail: Rail; address: string; site: string },
): Promise<PayerChallengeAnswer> {
  const known = await findPayerAccount(db, input.customerId, input.rail.kind, input.address);
  if (known) return { address: known.address, proved: true, challenge: null };
  ownershipOf(input.rail);
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  const message = challengeMessage({ ...input, nonce: randomBytes(16).toString('hex'), expiresAt });
  const row = await insertChallenge(db, {
    customerId: input.customerId,
    rail: input.rail.kind,
    address: input.address,
    message,
    expiresAt,
  });
  return {
    address: input.address,
    proved: false,
    challenge: { id: row.id, message, expires_at: iso(expiresAt) },
  };
}

/** Checks the wallet's signature of a challenge (used once, by the customer it was made for). */
export async function proveChallenge(
  db: DbLike,
  input: { customerId: string; rail: Rail; challengeId: string; signature: string },
): Promise<{ address: string; proved: true }> {
  const verify = ownershipOf(input.rail);
  const challenge = await useChallenge(db, input.challengeId);
  if (!challenge || challenge.customerId !== input.customerId || challenge.rail !== input.rail.kind) {
    throw proofInvalid();
  }
  if (challenge.expiresAt.getTime() <= Date.now()) {
    throw ApiError.of('PAYER_CHALLENGE_EXPIRED', {}, { param: 'challenge_id' });
  }
  const address = await verify(challenge.address, challenge.message, input.signature);
  if (!address) throw proofInvalid();
  await savePayerAccount(db, {
    customerId: input.customerId,
    rail: input.rail.kind,
    address,
    how: 'signature',
  });
  return { address, proved: true };
}

/**
 * Refuses a `payer` the caller has not proved (before anything is written). A page sending none is
 * fine: fast pay then uses the customer's most recently proved account, if any (chosenPayer).
 */
export async function assertPayerChoice(
  db: DbLike,
  caller: Caller,
  livemode: boolean,
  rail: Rail,
  payer: string | undefined,
): Promise<void> {
  if (!payer) return;
  const customer = caller.did ? await getCustomerByDid(db, caller.did, livemode) : null;
  if (!customer || !(await findPayerAccount(db, customer.id, rail.kind, payer))) throw payerNotProved();
}

/** The account fast pay may pull from for this customer: the chosen one if proved, else the latest proved. */
export async function chosenPayer(
  db: DbLike,
  customerId: string,
  rail: Rail,
  payer: string | undefined,
): Promise<string | null> {
  if (payer) {
    const account = await findPayerAccount(db, customerId, rail.kind, payer);
    if (!account) throw payerNotProved();
    return account.address;
  }
  return (await latestPayerAccount(db, customerId, rail.kind))?.address ?? null;
}

/**
 * Right before a pull: the caller is the intent's customer (signed in with its DID) and that customer
 * proved the recorded payer. Anything else pulls nothing.
 */
export async function mayPullFrom(
  db: DbLike,
  caller: Caller,
  intent: { livemode: boolean; customerId: string | null },
  rail: Rail,
  payer: string,
): Promise<boolean> {
  if (!caller.did || !intent.customerId) return false;
  const customer = await getCustomer(db, intent.customerId, intent.livemode);
  if (customer?.did !== caller.did) return false;
  return (await findPayerAccount(db, customer.id, rail.kind, payer)) !== null;
}

/**
 * DID Connect: the customer's own wallet (its DID is the session customer's) signed the payment, so
 * the account that signed it is theirs; later checkouts may fast-pay from it.
 */
export async function recordWalletPayer(
  db: DbLike,
  input: { customerId: string | null; livemode: boolean; walletDid: string; rail: Rail; signed: string },
): Promise<void> {
  if (!input.customerId || !input.rail.signerOf) return;
  const customer = await getCustomer(db, input.customerId, input.livemode);
  if (!customer?.did || customer.did !== input.walletDid) return;
  const address = await input.rail.signerOf(input.signed);
  if (!address) return;
  await savePayerAccount(db, { customerId: customer.id, rail: input.rail.kind, address, how: 'did-connect' });
}
