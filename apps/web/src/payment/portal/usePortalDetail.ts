import type { InvoiceDetail, SubscriptionDetail } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_APP_CONFIG } from '../../app/config/appConfig';
import { useAppConfig } from '../../app/config/useAppConfig';
import { useHeaderSession } from '../../header/session/useHeaderSession';
import { ApiFailure } from '../admin/api/client';
import { readLivemode } from '../admin/livemode/livemodeStorage';
import { fetchInvoice, fetchSubscription } from './api';

/** What a portal page is showing: placeholders, a sign-in prompt, not found, an error, or the object. */
export type PortalLoad<T> =
  | { state: 'loading' }
  | { state: 'signedOut' }
  | { state: 'notFound' }
  | { state: 'error'; error: unknown; retry(): void }
  | { state: 'ready'; data: T };

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** 401 asks for sign-in and 404 is "not found": neither is worth a retry. */
const retry = (count: number, error: unknown) =>
  !(error instanceof ApiFailure && error.status < 500) && count < 1;

function useDetail<T>(
  kind: string,
  id: string,
  fetcher: (mountPoint: string, id: string, livemode: boolean, signal: AbortSignal) => Promise<T>,
): PortalLoad<T> {
  const mountPoint = (useAppConfig() ?? DEFAULT_APP_CONFIG).paymentMountPoint;
  const session = useHeaderSession();
  const did = session.user?.did;
  const livemode = readLivemode(storage());
  const query = useQuery({
    queryKey: ['payment', 'portal', kind, id, livemode, did ?? 'guest'],
    queryFn: ({ signal }) => fetcher(mountPoint, id, livemode, signal),
    enabled: Boolean(did),
    retry,
  });
  if (!session.initialized) return { state: 'loading' };
  if (!did) return { state: 'signedOut' };
  if (query.isPending) return { state: 'loading' };
  if (query.isError) {
    const status = query.error instanceof ApiFailure ? query.error.status : 0;
    if (status === 401) return { state: 'signedOut' };
    if (status === 404) return { state: 'notFound' };
    return { state: 'error', error: query.error, retry: () => void query.refetch() };
  }
  return { state: 'ready', data: query.data };
}

/** `GET /payment/api/invoices/:id` for the signed-in customer. */
export const useInvoice = (id: string): PortalLoad<InvoiceDetail> => useDetail('invoice', id, fetchInvoice);

/** `GET /payment/api/subscriptions/:id` for the signed-in customer. */
export const useSubscriptionDetail = (id: string): PortalLoad<SubscriptionDetail> =>
  useDetail('subscription', id, fetchSubscription);
