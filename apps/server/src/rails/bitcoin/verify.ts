// Verification of one Bitcoin transaction against a payment: the outputs paying the payment's own
// derived address (that address is what names the payment), confirmations at depth with the block
// hash re-checked (a reorg waits), then the once-only record. A transaction the node no longer knows
// (replaced by fee, or double-spent in a reorg) is followed to the transaction now paying the address.
import type { Logger } from 'pino';
import { findTransfer, recordTransfer } from '../record.js';
import type { ConfirmedPayment, DbLike, PaymentExpectation, VerifyResult } from '../types.js';
import { addressOf, markSeen } from './addresses.js';
import type { EsploraClient, EsploraTxJson } from './client.js';
import type { BitcoinSettings } from './settings.js';

export interface VerifyContext {
  client: EsploraClient;
  settings: BitcoinSettings;
  /** The chain part of every record (`bip122:…`). */
  network: string;
  log: Logger;
}

export function normalizeTxid(txRef: string): string | null {
  const id = txRef.trim().toLowerCase().replace(/^0x/, '');
  return /^[0-9a-f]{64}$/.test(id) ? id : null;
}

function paidTo(tx: EsploraTxJson, address: string): { amount: bigint; index: number } | null {
  let amount = 0n;
  let index = -1;
  tx.vout.forEach((out, i) => {
    if (out.scriptpubkey_address !== address) return;
    amount += BigInt(out.value);
    if (index < 0) index = i;
  });
  return index < 0 ? null : { amount, index };
}

/** The newest other transaction paying `address` that no other payment claimed (a replacement). */
async function replacementFor(ctx: VerifyContext, address: string, reference: string, db: DbLike) {
  for (const tx of await ctx.client.addressTxs(address)) {
    const paid = paidTo(tx, address);
    if (!paid) continue;
    const claimed = await findTransfer(db, ctx.network, tx.txid, paid.index);
    if (!claimed || claimed.reference === reference) return tx;
  }
  return null;
}

export async function verifyPayment(
  ctx: VerifyContext,
  txRef: string,
  expected: PaymentExpectation,
  db: DbLike,
): Promise<VerifyResult> {
  const { client, network, settings } = ctx;
  const required = settings.confirmations;
  const txid = normalizeTxid(txRef);
  if (!txid) return { status: 'rejected', txRef, reason: 'not_found', detail: 'not a transaction id' };
  const target = await addressOf(db, settings, expected.reference);
  if (!target) {
    return {
      status: 'rejected',
      txRef: txid,
      reason: 'wrong_reference',
      detail: 'no address was given for this payment',
    };
  }
  let tx = await client.tx(txid);
  if (!tx) {
    tx = await replacementFor(ctx, target.address, expected.reference, db);
    if (!tx)
      return {
        status: 'rejected',
        txRef: txid,
        reason: 'not_found',
        detail: `no transaction ${txid} on ${network}`,
      };
    ctx.log.info(
      { txid, replacement: tx.txid, reference: expected.reference },
      'bitcoin: following a replacement',
    );
  }
  const paid = paidTo(tx, target.address);
  if (!paid) {
    return {
      status: 'rejected',
      txRef: tx.txid,
      reason: 'wrong_reference',
      detail: 'this transaction does not pay the address of this payment',
    };
  }
  await markSeen(db, target.address);
  const seen = await findTransfer(db, network, tx.txid, paid.index);
  if (seen && seen.reference !== expected.reference) {
    return {
      status: 'rejected',
      txRef: tx.txid,
      reason: 'already_used',
      detail: 'this transaction already paid',
    };
  }
  const height = tx.status.confirmed ? tx.status.block_height : undefined;
  if (height === undefined) return { status: 'pending', txRef: tx.txid, confirmations: 0, required };
  const confirmations = (await client.tipHeight()) - height + 1;
  if (confirmations < required) return { status: 'pending', txRef: tx.txid, confirmations, required };
  // Reorg safety: the block at that height must still be the one the transaction names.
  if ((await client.blockHashAt(height)) !== tx.status.block_hash) {
    ctx.log.warn({ txid: tx.txid, height }, 'bitcoin: block was reorganised; waiting');
    return { status: 'pending', txRef: tx.txid, confirmations: 0, required };
  }
  const payer = tx.vin[0]?.prevout?.scriptpubkey_address ?? 'unknown';
  const blockHash = tx.status.block_hash ?? '';
  const outcome = await recordTransfer(db, {
    rail: 'bitcoin',
    chainId: network,
    txHash: tx.txid,
    logIndex: paid.index,
    reference: expected.reference,
    payer,
    recipient: target.address,
    asset: 'native',
    amount: paid.amount,
    blockNumber: BigInt(height),
    blockHash,
  });
  if (outcome === 'used_elsewhere') {
    return {
      status: 'rejected',
      txRef: tx.txid,
      reason: 'already_used',
      detail: 'this transaction already paid',
    };
  }
  const payment: ConfirmedPayment = {
    status: 'confirmed',
    txRef: tx.txid,
    network,
    confirmations,
    required,
    payer,
    recipient: target.address,
    amount: paid.amount,
    asset: expected.asset,
    blockNumber: BigInt(height),
    blockHash,
    index: paid.index,
  };
  if (paid.amount >= expected.amount) return payment;
  return {
    status: 'rejected',
    txRef: tx.txid,
    reason: 'underpaid',
    detail: `paid ${paid.amount} of ${expected.amount} satoshis`,
    underpaid: payment,
  };
}
