// The portal's list calls: pages of the signed-in customer's invoices and their subscriptions, asked
// with `mine` so the server answers only the caller's own customer (owner and admin included),
// checked by the packages/api schemas.
import { billingRoutes, customerBrowserRoutes, type InvoiceList, type InvoiceListItem } from '@payshelf/api';
import { ApiFailure, modeCall } from '../admin/api/client';

export interface InvoicePageQuery {
  page: number;
  pageSize: number;
  status?: string;
  subscription_id?: string;
  ignore_zero?: 'true';
  past_due?: 'true';
}

export const fetchInvoicePage = (
  mountPoint: string,
  livemode: boolean,
  query: InvoicePageQuery,
  signal?: AbortSignal,
): Promise<InvoiceList> =>
  modeCall(mountPoint, livemode, billingRoutes.invoices, { query: { ...query, mine: 'true' } }, signal);

/** At most this many invoices feed the portal home's sums (ten pages of the largest size). */
const SUMMARY_PAGES = 10;

/** What the portal home sums, and which of those invoices the server counts as past due. */
export interface SummaryInvoices {
  invoices: InvoiceListItem[];
  /**
   * Ids of the past-due invoices, as the server judges them (its one rule, at the time of each
   * invoice's test clock when it is on one): the browser's clock cannot tell a clock's invoice's due.
   */
  pastDueIds: string[];
}

/**
 * The invoices the portal home sums up: every invoice created since `sinceMs` (the list is newest
 * first, so paging stops at the first older one) plus every open or uncollectible invoice, whenever
 * made, with the ids of the past-due ones.
 */
export async function fetchSummaryInvoices(
  mountPoint: string,
  livemode: boolean,
  sinceMs: number,
  signal?: AbortSignal,
): Promise<SummaryInvoices> {
  const seen = new Map<string, InvoiceListItem>();
  const pastDue = new Set<string>();
  const walk = async (
    extra: Partial<InvoicePageQuery>,
    stop: (i: InvoiceListItem) => boolean,
    keep: (i: InvoiceListItem) => void,
  ) => {
    for (let page = 1; page <= SUMMARY_PAGES; page += 1) {
      const { list, count } = await fetchInvoicePage(
        mountPoint,
        livemode,
        { page, pageSize: 100, ...extra },
        signal,
      );
      for (const invoice of list) {
        if (stop(invoice)) return;
        keep(invoice);
      }
      if (list.length === 0 || page * 100 >= count) return;
    }
  };
  const remember = (invoice: InvoiceListItem) => void seen.set(invoice.id, invoice);
  await walk({}, (invoice) => Date.parse(invoice.created_at) < sinceMs, remember);
  await walk({ status: 'open,uncollectible' }, () => false, remember);
  await walk(
    { past_due: 'true' },
    () => false,
    (invoice) => void pastDue.add(invoice.id),
  );
  return { invoices: [...seen.values()], pastDueIds: [...pastDue] };
}

/**
 * The signed-in customer's time in ms: their test clock's frozen time (test mode), or null on real
 * time (also when they are no customer yet: 404).
 */
export async function fetchCustomerClock(
  mountPoint: string,
  livemode: boolean,
  signal?: AbortSignal,
): Promise<number | null> {
  try {
    const me = await modeCall(
      mountPoint,
      livemode,
      customerBrowserRoutes.me,
      { query: { skipSummary: '1' } },
      signal,
    );
    return 'clock_time' in me && me.clock_time ? Date.parse(me.clock_time) : null;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return null;
    throw error;
  }
}

/** The year's start (UTC) of the time `nowMs`. */
export const yearStartOf = (nowMs: number) => Date.UTC(new Date(nowMs).getUTCFullYear(), 0, 1);

/** The portal home's invoices, with the time they are summed at (the customer's clock, else `nowMs`). */
export async function fetchHomeSummary(
  mountPoint: string,
  livemode: boolean,
  nowMs: number,
  signal?: AbortSignal,
): Promise<SummaryInvoices & { nowMs: number }> {
  const at = (await fetchCustomerClock(mountPoint, livemode, signal)) ?? nowMs;
  return { ...(await fetchSummaryInvoices(mountPoint, livemode, yearStartOf(at), signal)), nowMs: at };
}

export const fetchSubscriptions = (
  mountPoint: string,
  livemode: boolean,
  status: string | undefined,
  signal?: AbortSignal,
) =>
  modeCall(
    mountPoint,
    livemode,
    billingRoutes.subscriptions,
    { query: { limit: 100, ...(status ? { status } : {}), mine: 'true' } },
    signal,
  );
