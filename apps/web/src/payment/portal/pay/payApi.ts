// The portal's pay calls: open the frozen batch the `collect-batch` wallet action pays (one open
// invoice, or every overdue invoice of one currency), the browser wallet's target for it and the hash
// it sent, the overdue answer per currency, and the payments and refunds pages. Entries of the route
// table in @payshelf/api (portalRoutes).
import { callRoute, portalRoutes, type OverdueBatchBody, type OverdueWalletBody } from '@payshelf/api';
import { apiBase } from '../../admin/api/client';

const options = (mountPoint: string, livemode: boolean, signal?: AbortSignal) => ({
  base: apiBase(mountPoint),
  query: { livemode: String(livemode) },
  signal,
});

export const openBatch = (mountPoint: string, livemode: boolean, body: OverdueBatchBody) =>
  callRoute(
    portalRoutes.overdueBatch,
    { body, query: { livemode: String(livemode) } },
    options(mountPoint, livemode),
  );

/** Whose overdue invoices: a subscription's or a customer's (one of them is required). */
export type OverdueOwner = { subscriptionId: string } | { customerId: string };

export function fetchOverdue(
  mountPoint: string,
  livemode: boolean,
  owner: OverdueOwner,
  signal?: AbortSignal,
) {
  const opts = options(mountPoint, livemode, signal);
  return 'subscriptionId' in owner
    ? callRoute(portalRoutes.subscriptionOverdue, { params: { id: owner.subscriptionId } }, opts)
    : callRoute(portalRoutes.customerOverdue, { params: { id: owner.customerId } }, opts);
}

export const fetchPayments = (
  mountPoint: string,
  livemode: boolean,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) =>
  callRoute(
    portalRoutes.payments,
    { query: { livemode: String(livemode), page, pageSize } },
    options(mountPoint, livemode, signal),
  );

export const fetchRefunds = (
  mountPoint: string,
  livemode: boolean,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) =>
  callRoute(
    portalRoutes.refunds,
    { query: { livemode: String(livemode), page, pageSize } },
    options(mountPoint, livemode, signal),
  );

/**
 * The invoice PDF's address (a plain link: the browser downloads it with the session cookie), in the
 * page's locale: the PDF's words and product names follow it. `mine`: only the signed-in person's own
 * invoice, even for the owner or an admin.
 */
export const invoicePdfUrl = (mountPoint: string, id: string, livemode: boolean, locale: string) =>
  `${apiBase(mountPoint)}/invoices/${encodeURIComponent(id)}/pdf?livemode=${String(livemode)}&mine=true&locale=${encodeURIComponent(locale)}`;

/** The browser wallet's target for a batch (frozen now, or the waiting one) and the customer's payer. */
export const walletTarget = (mountPoint: string, livemode: boolean, body: OverdueWalletBody) =>
  callRoute(
    portalRoutes.overdueWallet,
    { body, query: { livemode: String(livemode) } },
    options(mountPoint, livemode),
  );

/** The hash of the transfer the browser wallet sent for batch `id`; verified against that batch only. */
export const postBatchTx = (mountPoint: string, livemode: boolean, id: string, txHash: string) =>
  callRoute(
    portalRoutes.overdueTx,
    { params: { id }, body: { txHash }, query: { livemode: String(livemode) } },
    options(mountPoint, livemode),
  );
