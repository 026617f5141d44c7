import type { InvoiceList, Subscription } from '@payshelf/api';
import { readLivemode } from '../../admin/livemode/livemodeStorage';
import {
  fetchHomeSummary,
  fetchInvoicePage,
  fetchSubscriptions,
  yearStartOf,
  type InvoicePageQuery,
  type SummaryInvoices,
} from '../listApi';
import { usePortalQuery, type PortalLoad } from '../usePortalDetail';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** One page of the signed-in customer's invoices, in the app's current mode. */
export function useInvoicePage(query: InvoicePageQuery): PortalLoad<InvoiceList> {
  const livemode = readLivemode(storage());
  return usePortalQuery(['invoices', livemode, query], (mountPoint, signal) =>
    fetchInvoicePage(mountPoint, livemode, query, signal),
  );
}

/** The customer's subscriptions (up to 100, newest first), optionally of one status. */
export function useSubscriptionList(status?: string): PortalLoad<Subscription[]> {
  const livemode = readLivemode(storage());
  return usePortalQuery(['subscriptions', livemode, status ?? 'all'], async (mountPoint, signal) => {
    const page = await fetchSubscriptions(mountPoint, livemode, status, signal);
    return page.data;
  });
}

/**
 * What the portal home sums: this year's invoices, every open or uncollectible one, the past-due ids,
 * and `nowMs`, the time "this year" is counted from: the customer's test clock's when they are on one,
 * else the browser's `nowMs`.
 */
export function useSummaryInvoices(nowMs: number): PortalLoad<SummaryInvoices & { nowMs: number }> {
  const livemode = readLivemode(storage());
  return usePortalQuery(['summary', livemode, yearStartOf(nowMs)], (mountPoint, signal) =>
    fetchHomeSummary(mountPoint, livemode, nowMs, signal),
  );
}
