// SPEC §7 "Chain explorer links per method type": the one rule turning an invoice's payment details
// into the transaction hash it shows and the explorer page it links to.
import type { PaymentMethod } from '@payshelf/api';

export interface TransactionLink {
  hash: string;
  /** The explorer page of the transaction, or null when no explorer is known (or the rail has none). */
  url: string | null;
}

type MethodLike = Pick<PaymentMethod, 'type' | 'settings'>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Only http(s) addresses become links (never `javascript:` or other schemes from stored data). */
function webUrl(value: string | null): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The transaction hash: `tx_hash`, or the rail's own `{type}.tx_hash` (SPEC §3 transaction details). */
export function transactionHash(details: unknown, methodType: string | null): string | null {
  if (!isRecord(details)) return null;
  const direct = text(details.tx_hash);
  if (direct) return direct;
  const nested = methodType ? details[methodType] : undefined;
  return isRecord(nested) ? text(nested.tx_hash) : null;
}

/** Path of a transaction on each chain's explorer; card payments have no explorer. */
function explorerPath(type: PaymentMethod['type'], hash: string): string | null {
  const id = encodeURIComponent(hash);
  switch (type) {
    case 'ethereum':
    case 'base':
    case 'bitcoin':
      return `tx/${id}`;
    case 'arcblock':
      return `explorer/txs/${id}`;
    case 'stripe':
      return null;
  }
}

function explorerHost(method: MethodLike): string | null {
  switch (method.type) {
    case 'ethereum':
      return method.settings.ethereum?.explorer_host ?? null;
    case 'base':
      return method.settings.base?.explorer_host ?? null;
    case 'bitcoin':
      return method.settings.bitcoin?.explorer_host ?? null;
    case 'arcblock':
      return method.settings.arcblock?.explorer_host ?? null;
    case 'stripe':
      return null;
  }
}

/**
 * The transaction of `metadata.payment_details` and its explorer link: built from the method's
 * current `explorer_host` by its type (EVM and bitcoin `{host}/tx/{hash}`, ArcBlock
 * `{host}/explorer/txs/{hash}`), else the `explorer_url` recorded at payment time. Null without a hash.
 */
export function transactionLink(details: unknown, method: MethodLike | null): TransactionLink | null {
  const hash = transactionHash(details, method?.type ?? null);
  if (!hash) return null;
  if (method?.type === 'stripe') return { hash, url: null };
  const host = method ? webUrl(explorerHost(method)) : null;
  const path = method ? explorerPath(method.type, hash) : null;
  if (host && path) {
    const base = host.href.endsWith('/') ? host.href : `${host.href}/`;
    return { hash, url: new URL(path, base).href };
  }
  const recorded = isRecord(details) ? webUrl(text(details.explorer_url)) : null;
  return { hash, url: recorded?.href ?? null };
}

/** The payer recorded with the payment (an address or DID), if any. */
export function payerOf(details: unknown): string | null {
  return isRecord(details) ? text(details.payer) : null;
}

/** `metadata.payment_details` of an invoice, when present. */
export function paymentDetailsOf(metadata: Record<string, unknown>): unknown {
  return metadata.payment_details;
}
