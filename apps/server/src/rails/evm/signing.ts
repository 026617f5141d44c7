// Transactions the hot wallet signs without sending (pulls and refunds): the nonce is allocated in the
// caller's database transaction, which commits the hash and raw bytes before anything is broadcast.
import { keccak256, type Hex } from 'viem';
import {
  RailError,
  type DbLike,
  type Mandate,
  type Insufficient,
  type RefundRequest,
  type SignedTransaction,
} from '../types.js';
import { pullCall, transferCall } from './calls.js';
import type { EvmRailCore } from './core.js';
import { checkFunds } from './funds.js';
import { allocateNonce } from './nonces.js';

/** Signs `call` from the hot wallet with the next nonce taken in `db`. */
async function signWithNextNonce(
  core: EvmRailCore,
  what: string,
  call: { to: Hex; value?: bigint; data: Hex },
  db: DbLike,
): Promise<SignedTransaction> {
  const wallet = await core.hotWallet();
  const signer = wallet.account.address;
  const pending = await core.client.getTransactionCount({ address: signer, blockTag: 'pending' });
  const nonce = await allocateNonce(db, core.network, signer, BigInt(pending), core.firstNonce());
  const raw = await core.send(what, async () => {
    const request = await wallet.prepareTransactionRequest({ ...call, nonce: Number(nonce) });
    return wallet.signTransaction(request);
  });
  return { status: 'signed', txRef: keccak256(raw), raw, nonce };
}

/** The pull of `amount` from a delegating payer, or why their allowance or balance does not cover it. */
export async function signPull(
  core: EvmRailCore,
  delegation: Mandate,
  amount: bigint,
  db: DbLike,
): Promise<SignedTransaction | Insufficient> {
  const token = delegation.asset.contract;
  if (!token) throw new RailError('rail_unsupported', 'pulls need a token (ERC-20 allowance)');
  const funds = await checkFunds(core, delegation.payer, delegation.asset, amount);
  const allowance = funds.allowance ?? 0n;
  if (allowance < amount)
    return { status: 'insufficient', reason: 'delegation', balance: funds.balance, allowance };
  if (!funds.balanceSufficient) {
    return { status: 'insufficient', reason: 'balance', balance: funds.balance, allowance };
  }
  const merchant = await core.merchant();
  return signWithNextNonce(
    core,
    'pull',
    pullCall(token, delegation.payer, merchant, amount, delegation.reference),
    db,
  );
}

/** The refund's transfer from the hot wallet to its payee, tagged with the refund's reference. */
export function signRefund(
  core: EvmRailCore,
  request: RefundRequest,
  db: DbLike,
): Promise<SignedTransaction> {
  const call = transferCall(request.to, request.asset, request.amount, request.reference);
  return signWithNextNonce(core, 'refund', call, db);
}
