// Verification of one EVM transaction against a payment expectation: receipt, Transfer logs, recipient,
// token, amount, confirmations at depth with the block hash re-checked, then the once-only record.
import {
  erc20Abi,
  getAddress,
  parseEventLogs,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import type { Logger } from 'pino';
import { findTransfer, recordTransfer } from '../record.js';
import type { ConfirmedPayment, DbLike, PaymentExpectation, VerifyResult } from '../types.js';
import { normalizeTxHash, type EvmPublicClient } from './client.js';
import { confirmationsOf, matchTransfers, type ObservedTransfer } from './match.js';
import { carriesReference } from './reference.js';

export interface VerifyContext {
  client: EvmPublicClient;
  /** CAIP-2 id, the chain part of every record. */
  network: string;
  required: number;
  log: Logger;
}

export async function verifyTransfer(
  ctx: VerifyContext,
  txRef: string,
  expected: PaymentExpectation & { recipient: string },
  db: DbLike,
): Promise<VerifyResult> {
  const { client, network, required } = ctx;
  const hash = normalizeTxHash(txRef);
  if (!hash) return { status: 'rejected', txRef, reason: 'not_found', detail: 'not a transaction hash' };
  const sent = await client.getTransaction({ hash }).then(
    (t) => t,
    (err: unknown) => (err instanceof TransactionNotFoundError ? null : Promise.reject(err)),
  );
  if (!sent) {
    return {
      status: 'rejected',
      txRef: hash,
      reason: 'not_found',
      detail: `no transaction ${hash} on ${network}`,
    };
  }
  const referenced = carriesReference(sent.input, expected.reference);
  const receipt = await receiptOf(client, hash);
  if (!receipt) {
    // Decided before the transaction is mined too, so posting someone else's pending transfer fails
    // at once and never claims it: the rightful payment can still use it. (A mined one is matched
    // first, for the more precise reasons, and then checked the same way in matchTransfers.)
    const fromPayer = expected.payer && sent.from.toLowerCase() === expected.payer.toLowerCase();
    if (!referenced && !fromPayer) {
      return {
        status: 'rejected',
        txRef: hash,
        reason: 'wrong_reference',
        detail: 'this transaction was made for another payment',
      };
    }
    return { status: 'pending', txRef: hash, confirmations: 0, required };
  }
  if (receipt.status !== 'success') {
    return {
      status: 'rejected',
      txRef: hash,
      reason: 'reverted',
      detail: `reverted in block ${receipt.blockNumber}`,
    };
  }
  const match = matchTransfers(transfersIn(sent, receipt), {
    asset: expected.asset.contract?.toLowerCase() ?? null,
    recipient: expected.recipient,
    amount: expected.amount,
    payer: expected.payer,
    referenced,
  });
  if (!match.ok && !match.short) {
    return { status: 'rejected', txRef: hash, reason: match.reason, detail: match.detail };
  }
  const candidates = match.ok ? match.transfers : (match.short ?? []);

  const free: ObservedTransfer[] = [];
  for (const t of candidates) {
    const seen = await findTransfer(db, network, hash, t.index);
    if (!seen || seen.reference === expected.reference) free.push(t);
  }
  if (free.length === 0) return alreadyUsed(hash);

  // An underpaid transfer made for this payment waits for its confirmations too, then is recorded
  // (so it is refunded once) and answered as `underpaid` with the transfer.
  const confirmations = confirmationsOf(await client.getBlockNumber({ cacheTime: 0 }), receipt.blockNumber);
  if (confirmations < required) return { status: 'pending', txRef: hash, confirmations, required };
  // Reorg safety: the block at that height must still be the one the receipt names.
  const block = await client.getBlock({ blockNumber: receipt.blockNumber });
  if (block.hash !== receipt.blockHash) {
    ctx.log.warn({ hash, block: receipt.blockNumber }, 'evm: receipt block was reorganised; waiting');
    return { status: 'pending', txRef: hash, confirmations: 0, required };
  }
  for (const t of free) {
    const outcome = await recordTransfer(db, {
      rail: 'evm',
      chainId: network,
      txHash: hash,
      logIndex: t.index,
      reference: expected.reference,
      payer: getAddress(t.from),
      recipient: getAddress(t.to),
      asset: t.asset ?? 'native',
      amount: t.value,
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
    });
    if (outcome === 'used_elsewhere') continue;
    const payment: ConfirmedPayment = {
      status: 'confirmed',
      txRef: hash,
      network: network,
      confirmations,
      required,
      payer: getAddress(t.from),
      recipient: getAddress(t.to),
      amount: t.value,
      asset: expected.asset,
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      index: t.index,
    };
    if (match.ok) return payment;
    return { status: 'rejected', txRef: hash, reason: 'underpaid', detail: match.detail, underpaid: payment };
  }
  return alreadyUsed(hash);
}

function alreadyUsed(hash: string): VerifyResult {
  return {
    status: 'rejected',
    txRef: hash,
    reason: 'already_used',
    detail: 'this transaction already paid',
  };
}

async function receiptOf(client: EvmPublicClient, hash: Hex): Promise<TransactionReceipt | null> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) return null;
    throw err;
  }
}

/** The native value and every ERC-20 Transfer log of a mined transaction. */
function transfersIn(
  tx: { to: string | null; from: string; value: bigint },
  receipt: TransactionReceipt,
): ObservedTransfer[] {
  const out: ObservedTransfer[] = [];
  if (tx.to && tx.value > 0n) out.push({ index: -1, asset: null, from: tx.from, to: tx.to, value: tx.value });
  const logs = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs });
  for (const log of logs) {
    if (log.removed) continue;
    const { from, to, value } = log.args;
    out.push({ index: log.logIndex, asset: log.address.toLowerCase(), from, to, value });
  }
  return out;
}
