import type { InvoiceDetail, InvoiceListItem, SubscriptionDetail } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_APP_CONFIG } from '../../platform/config/appConfig';
import { useAppConfig } from '../../platform/config/useAppConfig';
import { useHeaderSession } from '../../platform/session/useHeaderSession';
import { ApiFailure } from '../admin/api/client';
import { readLivemode, writeLivemode } from '../admin/livemode/livemodeStorage';
import { fetchInvoice, fetchPastDueInvoices, fetchSubscription } from './api';

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

type Fetcher<T> = (mountPoint: string, id: string, livemode: boolean, signal: AbortSignal) => Promise<T>;

/**
 * Ids are unique across modes, so a link opened in the other mode (a test purchase viewed while the
 * app is in live mode) is looked up there too; when found, the app switches to that mode, as the
 * checkout does for a session of the other mode.
 */
export async function fetchInEitherMode<T>(
  fetcher: Fetcher<T>,
  mountPoint: string,
  id: string,
  signal: AbortSignal,
): Promise<T> {
  const livemode = readLivemode(storage());
  try {
    return await fetcher(mountPoint, id, livemode, signal);
  } catch (error) {
    if (!(error instanceof ApiFailure && error.status === 404)) throw error;
    const other = await fetcher(mountPoint, id, !livemode, signal).catch(() => {
      throw error;
    });
    writeLivemode(storage(), !livemode);
    return other;
  }
}

/**
 * A portal query for the signed-in user: nothing is asked of the API for a visitor, who gets the
 * sign-in prompt (as on a 401); 404 is "not found"; other failures offer a retry.
 */
export function usePortalQuery<T>(
  key: readonly unknown[],
  fetch: (mountPoint: string, signal: AbortSignal) => Promise<T>,
): PortalLoad<T> {
  const mountPoint = (useAppConfig() ?? DEFAULT_APP_CONFIG).paymentMountPoint;
  const session = useHeaderSession();
  const did = session.user?.did;
  const query = useQuery({
    queryKey: ['payment', 'portal', ...key, did ?? 'guest'],
    queryFn: ({ signal }) => fetch(mountPoint, signal),
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

const useDetail = <T>(kind: string, id: string, fetcher: Fetcher<T>): PortalLoad<T> =>
  usePortalQuery([kind, id], (mountPoint, signal) => fetchInEitherMode(fetcher, mountPoint, id, signal));

/** `GET /payment/api/invoices/:id` for the signed-in customer. */
export const useInvoice = (id: string): PortalLoad<InvoiceDetail> => useDetail('invoice', id, fetchInvoice);

/** `GET /payment/api/subscriptions/:id` for the signed-in customer. */
export const useSubscriptionDetail = (id: string): PortalLoad<SubscriptionDetail> =>
  useDetail('subscription', id, fetchSubscription);

/**
 * The signed-in customer's past-due invoices, in the app's current mode (the checkout that sent the
 * customer here switched the app to its session's mode).
 */
export function usePastDueInvoices(): PortalLoad<InvoiceListItem[]> {
  const livemode = readLivemode(storage());
  return usePortalQuery(['past-due', livemode], (mountPoint, signal) =>
    fetchPastDueInvoices(mountPoint, livemode, signal),
  );
}
