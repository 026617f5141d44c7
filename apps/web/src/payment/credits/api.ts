// The credit pages' browser calls, as entries of the route table (creditRoutes): the signed-in user's
// customer first (`/customers/me`, null when they have none yet), then their grants and transactions
// asked with that customer's id, so an owner or admin sees only their own here too.
import {
  creditRoutes,
  customerBrowserRoutes,
  type CreditGrant,
  type CreditGrantList,
  type CreditTransactionList,
} from '@payshelf/api';
import { ApiFailure, modeCall } from '../admin/api/client';

export async function fetchMyCustomerId(
  mountPoint: string,
  livemode: boolean,
  signal?: AbortSignal,
): Promise<string | null> {
  try {
    const me = await modeCall(
      mountPoint,
      livemode,
      customerBrowserRoutes.me,
      { query: { skipSummary: '1' } },
      signal,
    );
    return 'fallback' in me ? null : me.id;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return null;
    throw error;
  }
}

/** Every grant of a customer that still counts (granted or pending), up to 1,000. */
export async function fetchLiveGrants(
  mountPoint: string,
  livemode: boolean,
  customerId: string,
  signal?: AbortSignal,
): Promise<CreditGrant[]> {
  const all: CreditGrant[] = [];
  for (let page = 1; page <= 10; page += 1) {
    const answer = await modeCall(
      mountPoint,
      livemode,
      creditRoutes.listGrants,
      { query: { page, pageSize: 100, customer_id: customerId, status: 'granted,pending' } },
      signal,
    );
    all.push(...answer.data);
    if (!answer.has_more) break;
  }
  return all;
}

export interface GrantPageQuery {
  page: number;
  pageSize: number;
  status?: string;
}

export const fetchGrantPage = (
  mountPoint: string,
  livemode: boolean,
  customerId: string,
  query: GrantPageQuery,
  signal?: AbortSignal,
): Promise<CreditGrantList> =>
  modeCall(
    mountPoint,
    livemode,
    creditRoutes.listGrants,
    { query: { ...query, customer_id: customerId } },
    signal,
  );

export const fetchGrant = (mountPoint: string, id: string, livemode: boolean, signal?: AbortSignal) =>
  modeCall(mountPoint, livemode, creditRoutes.retrieveGrant, { params: { id }, query: {} }, signal);

export interface TransactionPageQuery {
  page: number;
  pageSize: number;
  customer_id?: string;
  credit_grant_id?: string;
  start?: string;
  end?: string;
}

export const fetchTransactionPage = (
  mountPoint: string,
  livemode: boolean,
  query: TransactionPageQuery,
  signal?: AbortSignal,
): Promise<CreditTransactionList> =>
  modeCall(mountPoint, livemode, creditRoutes.listTransactions, { query }, signal);
