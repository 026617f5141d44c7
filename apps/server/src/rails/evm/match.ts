// Pure rules: does a mined transaction pay what an intent expects? No chain calls here.
import type { RejectReason } from '../types.js';

export interface ObservedTransfer {
  /** Log index; -1 for the transaction's native value. */
  index: number;
  /** Token contract (lower case) or null for native value. */
  asset: string | null;
  from: string;
  to: string;
  value: bigint;
}

export interface Wanted {
  asset: string | null;
  recipient: string;
  amount: bigint;
  payer?: string;
  /** Whether the transaction's call data carries the payment's reference tag. */
  referenced: boolean;
}

export type MatchResult =
  | { ok: true; transfers: ObservedTransfer[] }
  | {
      ok: false;
      reason: RejectReason;
      detail: string;
      /** Underpaid: the short transfers made for this payment, largest first (they are refunded). */
      short?: ObservedTransfer[];
    };

const same = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * The transfers inside one transaction that may settle the payment, best first; or why none can.
 * Each transfer (not each transaction) is what gets recorded, so a batch paying several intents
 * through separate Transfer logs works, and none of them counts twice.
 */
export function matchTransfers(transfers: ObservedTransfer[], wanted: Wanted): MatchResult {
  const toRecipient = transfers.filter((t) => same(t.to, wanted.recipient) && t.value > 0n);
  const rightAsset = toRecipient.filter((t) => same(t.asset, wanted.asset));
  if (rightAsset.length === 0) {
    if (toRecipient.length > 0) {
      const got = toRecipient[0]?.asset ?? 'the native coin';
      return {
        ok: false,
        reason: 'wrong_token',
        detail: `pays ${got}, expected ${wanted.asset ?? 'the native coin'}`,
      };
    }
    const elsewhere = transfers.find((t) => same(t.asset, wanted.asset) && t.value > 0n);
    return {
      ok: false,
      reason: 'wrong_recipient',
      detail: elsewhere
        ? `pays ${elsewhere.to}, expected ${wanted.recipient}`
        : `transfers nothing to ${wanted.recipient}`,
    };
  }
  const byPayer = wanted.payer && !wanted.referenced;
  const fromPayer = byPayer ? rightAsset.filter((t) => same(t.from, wanted.payer ?? null)) : rightAsset;
  if (fromPayer.length === 0) {
    return {
      ok: false,
      reason: 'wrong_payer',
      detail: `paid by ${rightAsset[0]?.from}, expected ${wanted.payer}`,
    };
  }
  const enough = fromPayer.filter((t) => t.value >= wanted.amount);
  if (enough.length === 0) {
    const best = fromPayer.reduce((m, t) => (t.value > m ? t.value : m), 0n);
    const detail = `paid ${best}, expected at least ${wanted.amount}`;
    // Made for this payment (its reference tag, or from its committed payer): the money is owed back.
    if (!wanted.referenced && !wanted.payer) return { ok: false, reason: 'underpaid', detail };
    const short = [...fromPayer].sort((a, b) => (b.value > a.value ? 1 : b.value < a.value ? -1 : 0));
    return { ok: false, reason: 'underpaid', detail, short };
  }
  // A transfer counts only for the payment it was made for: its transaction names the payment (the
  // reference tag), or it comes from the payer committed to the payment.
  if (!wanted.referenced && !wanted.payer) {
    return { ok: false, reason: 'wrong_reference', detail: 'this transaction was made for another payment' };
  }
  // Exact amounts first, then in log order: a larger transfer is kept for a larger intent.
  const exact = (t: ObservedTransfer) => (t.value === wanted.amount ? 0 : 1);
  const sorted = [...enough].sort((a, b) => exact(a) - exact(b) || a.index - b.index);
  return { ok: true, transfers: sorted };
}

/** Blocks on top of (and including) the one holding the transaction. */
export function confirmationsOf(head: bigint, included: bigint): number {
  if (head < included) return 0;
  return Number(head - included + 1n);
}

/** Delay before the next confirmation check: 1 s, growing by half each time, at most `maxMs`. */
export function nextCheckDelay(attempt: number, baseMs = 1000, maxMs = 15_000): number {
  return Math.min(maxMs, Math.round(baseMs * 1.5 ** Math.min(attempt, 30)));
}

/** EIP-681 payment URI for a QR code. */
export function paymentUri(chainId: number, recipient: string, asset: string | null, amount: bigint): string {
  if (!asset) return `ethereum:${recipient}@${chainId}?value=${amount}`;
  return `ethereum:${asset}@${chainId}/transfer?address=${recipient}&uint256=${amount}`;
}
