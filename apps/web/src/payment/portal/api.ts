// The portal's browser calls: one invoice, one subscription, the past-due invoices, as entries of the
// route table in @payshelf/api (billing), through its typed client (livemode from local storage,
// session cookie, answer parsed by the contract's schema). Each asks with `mine`: only the signed-in
// person's own customer, even when they are the owner or an admin.
import { billingRoutes, callRoute, type InvoiceListItem } from '@payshelf/api';
import { apiBase } from '../admin/api/client';

export type PortalKind = 'invoice' | 'subscription';

const options = (mountPoint: string, livemode: boolean, signal?: AbortSignal) => ({
  base: apiBase(mountPoint),
  query: { livemode: String(livemode), mine: 'true' },
  signal,
});

export const fetchInvoice = (mountPoint: string, id: string, livemode: boolean, signal?: AbortSignal) =>
  callRoute(billingRoutes.invoice, { params: { id } }, options(mountPoint, livemode, signal));

export const fetchSubscription = (mountPoint: string, id: string, livemode: boolean, signal?: AbortSignal) =>
  callRoute(billingRoutes.subscription, { params: { id } }, options(mountPoint, livemode, signal));

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
    const query = {
      past_due: 'true',
      include_staking: 'true',
      include_return_staking: 'true',
      page,
      pageSize: PAST_DUE_PAGE,
    };
    const { list, count } = await callRoute(
      billingRoutes.invoices,
      { query },
      options(mountPoint, livemode, signal),
    );
    all.push(...list);
    if (list.length === 0 || all.length >= count) return all;
  }
}
