import type { CreditGrant, CreditGrantList, CreditTransactionList } from '@payshelf/api';
import { readLivemode } from '../admin/livemode/livemodeStorage';
import { fetchInEitherMode, usePortalQuery, type PortalLoad } from '../portal/usePortalDetail';
import {
  fetchGrant,
  fetchGrantPage,
  fetchLiveGrants,
  fetchMyCustomerId,
  fetchTransactionPage,
  type GrantPageQuery,
  type TransactionPageQuery,
} from './api';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** The signed-in customer's live grants (granted or pending), in the app's current mode. */
export function useLiveGrants(): PortalLoad<CreditGrant[]> {
  const livemode = readLivemode(storage());
  return usePortalQuery(['credit-balance', livemode], async (mountPoint, signal) => {
    const customerId = await fetchMyCustomerId(mountPoint, livemode, signal);
    return customerId ? fetchLiveGrants(mountPoint, livemode, customerId, signal) : [];
  });
}

const empty = {
  object: 'list' as const,
  data: [],
  has_more: false,
  url: '',
  count: 0,
  page: 1,
  pageSize: 10,
};

/** One page of the signed-in customer's grants (every status). */
export function useGrantPage(query: GrantPageQuery): PortalLoad<CreditGrantList> {
  const livemode = readLivemode(storage());
  return usePortalQuery(['credit-grants', livemode, query], async (mountPoint, signal) => {
    const customerId = await fetchMyCustomerId(mountPoint, livemode, signal);
    return customerId ? fetchGrantPage(mountPoint, livemode, customerId, query, signal) : empty;
  });
}

/** One grant; a link of the other mode is looked up there too (the app switches to it). */
export const useGrant = (id: string): PortalLoad<CreditGrant> =>
  usePortalQuery(['credit-grant', id], (mountPoint, signal) =>
    fetchInEitherMode(fetchGrant, mountPoint, id, signal),
  );

/**
 * One page of credit transactions: of one grant, or else of the signed-in customer (their own even
 * when they are an owner or admin, who may read every customer's).
 */
export function useTransactionPage(
  query: Omit<TransactionPageQuery, 'customer_id'>,
  /** The grant's own mode on its page (it may be the other one); else the app's current mode. */
  mode?: boolean,
): PortalLoad<CreditTransactionList> {
  const livemode = mode ?? readLivemode(storage());
  return usePortalQuery(['credit-transactions', livemode, query], async (mountPoint, signal) => {
    if (query.credit_grant_id) return fetchTransactionPage(mountPoint, livemode, query, signal);
    const customerId = await fetchMyCustomerId(mountPoint, livemode, signal);
    if (!customerId) return empty;
    return fetchTransactionPage(mountPoint, livemode, { ...query, customer_id: customerId }, signal);
  });
}
