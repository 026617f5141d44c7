// Pure helpers of the billing pages: status colours, which actions a subscription or invoice offers,
// the transaction of a payment, and the CSV export address.
import type { Invoice, Subscription } from '@payshelf/api';
import { apiUrl, type QueryValue } from '../api/client';

export type ChipColor = 'default' | 'success' | 'warning' | 'error' | 'info';

const COLORS: Record<string, ChipColor> = {
  active: 'success',
  paid: 'success',
  succeeded: 'success',
  trialing: 'info',
  open: 'info',
  processing: 'info',
  pending: 'info',
  advancing: 'info',
  past_due: 'error',
  uncollectible: 'error',
  failed: 'error',
  incomplete: 'warning',
  paused: 'warning',
  requires_action: 'warning',
  requires_payment_method: 'warning',
};

export function statusColor(status: string): ChipColor {
  return COLORS[status] ?? 'default';
}

export type SubscriptionAction = 'cancel' | 'resume' | 'pause' | 'unpause' | 'recover';

/** The actions the engine accepts in a subscription's state. */
export function subscriptionActions(
  sub: Pick<Subscription, 'status' | 'cancel_at_period_end'>,
): SubscriptionAction[] {
  switch (sub.status) {
    case 'canceled':
      return ['recover'];
    case 'incomplete_expired':
      return [];
    case 'paused':
      return ['unpause', 'cancel'];
    default:
      if (sub.cancel_at_period_end) return ['resume', 'cancel'];
      return sub.status === 'trialing' ? ['cancel'] : ['pause', 'cancel'];
  }
}

export type InvoiceAction = 'pay' | 'markPaid' | 'void' | 'uncollectible';

/**
 * Open invoices can be collected, recorded as paid elsewhere, voided or marked uncollectible;
 * uncollectible ones can still be collected, recorded paid or voided.
 */
export function invoiceActions(inv: Pick<Invoice, 'status'>): InvoiceAction[] {
  if (inv.status === 'open') return ['pay', 'markPaid', 'void', 'uncollectible'];
  if (inv.status === 'uncollectible') return ['pay', 'markPaid', 'void'];
  return [];
}

/** The transfer of a payment: payment_details holds `tx_hash` and, when known, `explorer_url`. */
export function txOf(
  details: Record<string, unknown> | null | undefined,
): { hash: string; url?: string } | null {
  const hash = details?.tx_hash;
  if (typeof hash !== 'string' || hash === '') return null;
  const url = details?.explorer_url;
  return typeof url === 'string' && /^https?:\/\//.test(url) ? { hash, url } : { hash };
}

/** A long id or hash shortened for a table cell ("0x1234…abcd"). */
export function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-4)}` : hash;
}

/** The CSV export address with the list's filters (`kind`: invoices or payments). */
export function exportHref(
  mountPoint: string,
  kind: 'invoices' | 'payments',
  livemode: boolean,
  filters: Record<string, QueryValue>,
): string {
  return apiUrl(mountPoint, `/exports/${kind}.csv`, livemode, filters);
}

/** `<input type="datetime-local">` value of an ISO time, in the browser's zone. */
export function localInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** One calendar month after `iso` (the day clamped to the month's last), as an input value. */
export function plusOneMonth(iso: string): string {
  const d = new Date(iso);
  const day = d.getDate();
  d.setDate(1);
  d.setMonth(d.getMonth() + 1);
  const last = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate();
  d.setDate(Math.min(day, last));
  return localInput(d.toISOString());
}
