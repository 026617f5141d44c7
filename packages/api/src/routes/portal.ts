// The customer portal's reads (`customer` access: a secret key or owner/admin sees the mode's objects,
// a signed-in customer only their own, a guest gets 401; anyone else's id answers as missing).
import { z } from 'zod';
import {
  overdueBatch,
  overdueBatchBody,
  overdueInvoices,
  portalListQuery,
  portalPaymentList,
  portalRefundList,
  overdueTxBody,
  overdueWalletAnswer,
  overdueWalletBody,
} from '../payment/portal.js';
import { route } from './define.js';

const modeQuery = z.looseObject({ livemode: z.enum(['true', 'false', '1', '0']).optional() });

export const portalRoutes = {
  payments: route({
    access: 'customer',
    tag: 'Customer portal',
    method: 'GET',
    path: '/portal/payments',
    summary: 'A page of payments (payment intents), newest first (the customer: only their own)',
    query: portalListQuery,
    response: portalPaymentList,
  }),
  refunds: route({
    access: 'customer',
    tag: 'Customer portal',
    method: 'GET',
    path: '/portal/refunds',
    summary: 'A page of refunds, newest first (the customer: only their own)',
    query: portalListQuery,
    response: portalRefundList,
  }),
  subscriptionOverdue: route({
    access: 'customer',
    tag: 'Customer portal',
    method: 'GET',
    path: '/subscriptions/:id/overdue/invoices',
    summary: "A subscription's past-due invoices, summed per currency",
    query: modeQuery,
    response: overdueInvoices,
  }),
  customerOverdue: route({
    access: 'customer',
    tag: 'Customer portal',
    method: 'GET',
    path: '/customers/:id/overdue/invoices',
    summary: "A customer's past-due invoices, summed per currency",
    query: modeQuery,
    response: overdueInvoices,
  }),
  overdueBatch: route({
    access: 'customer',
    tag: 'Customer portal',
    method: 'POST',
    path: '/portal/overdue/batch',
    summary:
      'Freeze the overdue invoices of one currency (of a subscription or customer) into one payment for the collect-batch action',
    query: modeQuery,
    body: overdueBatchBody,
    response: overdueBatch,
  }),
  // The browser wallet (injected EIP-1193) pays a batch: its target, then the hash it sent.
  overdueWallet: route({
    access: 'customer',
    tag: 'Customer portal',
    method: 'POST',
    path: '/portal/overdue/batch/wallet',
    summary:
      "Freeze one open invoice or one currency's overdue invoices into one payment the browser wallet sends",
    query: modeQuery,
    body: overdueWalletBody,
    response: overdueWalletAnswer,
  }),
  overdueTx: route({
    access: 'customer',
    tag: 'Customer portal',
    method: 'POST',
    path: '/portal/overdue/batch/:id/tx',
    summary:
      "The transaction the browser wallet sent for a batch; verified against the batch's frozen payment",
    query: modeQuery,
    body: overdueTxBody,
    response: overdueBatch,
  }),
};
