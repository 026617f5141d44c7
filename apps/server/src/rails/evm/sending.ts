// Signed transactions on their way to the chain: reading one a wallet handed over, sending it (again),
// and where one the server sent stands.
import {
  getAddress,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  type Hex,
  type TransactionSerialized,
} from 'viem';
import {
  RailError,
  type SentStatus,
  type SignedInfo,
  type SignedRequestInfo,
  type WalletRequest,
} from '../types.js';
import type { EvmRailCore } from './core.js';
import { fillNonceGap } from './nonce-gap.js';
import { carriesReference } from './reference.js';

/** A signed transaction for this chain, or the reason it is not one. */
export function parseSigned(core: EvmRailCore, signed: string): Hex {
  if (!/^0x[0-9a-fA-F]+$/.test(signed))
    throw new RailError('invalid_transaction', 'not a signed transaction');
  const raw = signed as Hex;
  let chainId: number | undefined;
  try {
    chainId = parseTransaction(raw).chainId;
  } catch {
    throw new RailError('invalid_transaction', 'not a signed transaction');
  }
  if (chainId !== core.settings.chainId) {
    throw new RailError(
      'wrong_chain',
      `signed for chain ${chainId ?? 'none'}, expected ${core.settings.chainId}`,
    );
  }
  return raw;
}

export function inspectSigned(core: EvmRailCore, signed: string, reference: string): SignedInfo {
  const raw = parseSigned(core, signed);
  const tx = parseTransaction(raw);
  return { txRef: keccak256(raw), forReference: carriesReference(tx.data ?? '0x', reference) };
}

/** A wallet's signed transaction compared with the request it was asked to sign (an approve). */
export async function inspectSignedRequest(
  core: EvmRailCore,
  signed: string,
  request: WalletRequest,
): Promise<SignedRequestInfo> {
  const raw = parseSigned(core, signed);
  const tx = parseTransaction(raw);
  const matches =
    tx.chainId === request.chainId &&
    (tx.to ?? '').toLowerCase() === request.to.toLowerCase() &&
    (tx.value ?? 0n) === request.value &&
    (tx.data ?? '0x').toLowerCase() === request.data.toLowerCase();
  let signer: string | null = null;
  try {
    signer = getAddress(
      await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerialized }),
    );
  } catch {
    signer = null;
  }
  return { txRef: keccak256(raw), signer, matches };
}

/** Whether any node we ask knows the transaction (mined or in its pool). */
export function isKnown(core: EvmRailCore, hash: Hex): Promise<boolean> {
  return core.client.getTransaction({ hash }).then(
    () => true,
    () => false,
  );
}

export async function broadcast(core: EvmRailCore, signed: string): Promise<{ txRef: string }> {
  const raw = parseSigned(core, signed);
  const hash = keccak256(raw);
  // Filling is a best effort: when it fails, the bytes are sent as before and the reconcile job retries.
  await fillNonceGap(core, raw, hash).catch((err: unknown) =>
    core.deps.log.warn(
      { err: err instanceof Error ? err.message : String(err), hash },
      'evm: nonce gap not filled',
    ),
  );
  try {
    await core.client.sendRawTransaction({ serializedTransaction: raw });
  } catch (err) {
    // The wallet (or an earlier attempt) may have sent it already: that is the same transaction.
    if (!(await isKnown(core, hash))) throw await core.railErrorOf(err, 'transaction');
  }
  return { txRef: hash };
}

export async function sentStatus(core: EvmRailCore, txRef: string, signed?: string): Promise<SentStatus> {
  const hash = txRef as Hex;
  const receiptOf = () => core.client.getTransactionReceipt({ hash }).catch(() => null);
  let receipt = await receiptOf();
  if (!receipt) {
    if (await isKnown(core, hash)) return { status: 'pending', confirmations: 0 };
    const replaced = signed ? await nonceTaken(core, signed) : null;
    if (!replaced) return { status: 'not_found' };
    // Mined between the two questions: then the receipt says so now.
    receipt = await receiptOf();
    if (!receipt) return replaced;
  }
  if (receipt.status === 'reverted') return { status: 'reverted', blockNumber: receipt.blockNumber };
  const head = await core.client.getBlockNumber();
  const confirmations = Number(head - receipt.blockNumber + 1n);
  return confirmations >= core.settings.confirmations
    ? { status: 'confirmed', confirmations, blockNumber: receipt.blockNumber }
    : { status: 'pending', confirmations };
}

/**
 * `replaced` when the signer's account has mined more transactions than the signed one's nonce (so
 * another transaction used that nonce), else null. The account is the signature's (recovered).
 */
async function nonceTaken(core: EvmRailCore, signed: string): Promise<SentStatus | null> {
  const raw = parseSigned(core, signed);
  const { nonce } = parseTransaction(raw);
  const signer = await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerialized });
  const mined = await core.client.getTransactionCount({ address: signer, blockTag: 'latest' });
  return mined > (nonce ?? 0) ? { status: 'replaced', nonce: BigInt(nonce ?? 0) } : null;
}
