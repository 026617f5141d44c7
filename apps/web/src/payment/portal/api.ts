// The portal's browser calls: one invoice, one subscription (packages/api billing contract), through
// the payment API client (livemode from local storage, session cookie, answer checked by the schema).
import { invoiceDetail, subscriptionDetail } from '@payshelf/api';
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
