// The portal's browser calls: one invoice, one subscription, the past-due invoices (packages/api billing
// contract), through the payment API client (livemode from local storage, session cookie, answer
// checked by the schema).
import { invoiceDetail, invoiceList, subscriptionDetail, type InvoiceListItem } from '@payshelf/api';
import { apiRequest, apiUrl } from '../admin/api/client';

export type PortalKind = 'invoice' | 'subscription';

const paths: Record<PortalKind, string> = { invoice: '/invoices', subscription: '/subscriptions' };

export function portalUrl(mountPoint: string, kind: PortalKind, id: string, livemode: boolean): string {
  return apiUrl(mountPoint, `${paths[kind]}/${encodeURIComponent(id)}`, livemode);
}

export const fetchInvoice = (mountPoint: string, id: string, livemode: boolean, signal?: AbortSignal) =>
  apiRequest(invoiceDetail, portalUrl(mountPoint, 'invoice', id, livemode), 'GET', undefined, signal);

export const fetchSubscription = (mountPoint: string, id: string, livemode: boolean, signal?: AbortSignal) =>
  apiRequest(
    subscriptionDetail,
    portalUrl(mountPoint, 'subscription', id, livemode),
    'GET',
    undefined,
    signal,
  );

/** The largest page the invoice list gives. */
const PAST_DUE_PAGE = 100;

/**
 * Every past-due invoice of the signed-in customer, page after page. Stake invoices are asked for too:
 * the page lists everything that refuses a new purchase.
 */
export async function fetchPastDueInvoices(
  mountPoint: string,
  livemode: boolean,
  signal?: AbortSignal,
): Promise<InvoiceListItem[]> {
  const all: InvoiceListItem[] = [];
  for (let page = 1; ; page += 1) {
    const url = apiUrl(mountPoint, '/invoices', livemode, {
      past_due: 'true',
      include_staking: 'true',
      include_return_staking: 'true',
      page,
      pageSize: PAST_DUE_PAGE,
    });
    const { list, count } = await apiRequest(invoiceList, url, 'GET', undefined, signal);
    all.push(...list);
    if (list.length === 0 || all.length >= count) return all;
  }
}
