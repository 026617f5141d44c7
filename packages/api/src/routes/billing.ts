// Invoices and subscriptions: the portal pages and the merchant API. `customer` access: a secret key or
// owner/admin sees the mode's objects, a signed-in customer only their own, a guest gets 401.
import { z } from 'zod';
import {
  invoiceDetail,
  invoiceList,
  invoiceListQuery,
  mineFlag,
  subscription,
  subscriptionDetail,
  subscriptionListQuery,
} from '../payment/billing.js';
import {
  subscriptionUpdate,
  emptyBody,
  planOptions,
  upcomingInvoice,
  upcomingInvoiceQuery,
  usageRecord,
  usageRecordCreate,
} from '../payment/billing-engine.js';
import { subscriptionAllowanceAnswer } from '../payment/allowance.js';
import { listOf } from '../payment/common.js';
import { route } from './define.js';

const modeQuery = z.looseObject({ livemode: z.enum(['true', 'false', '1', '0']).optional() });
/**
 * The portal reads one invoice or subscription, and calls the subscription routes it shares with the
 * admin pages, with `mine`: only the signed-in person's own (another customer's answers as missing).
 */
const detailQuery = modeQuery.extend({ mine: mineFlag });

export const billingRoutes = {
  invoice: route({
    access: 'customer',
    tag: 'Invoices',
    method: 'GET',
    path: '/invoices/:id',
    summary: 'Retrieve an invoice with its lines, currency and method (the customer: only their own)',
    query: detailQuery,
    response: invoiceDetail,
  }),
  invoices: route({
    access: 'customer',
    tag: 'Invoices',
    method: 'GET',
    path: '/invoices',
    summary: 'A page of invoices, newest first (the customer: only their own)',
    query: invoiceListQuery,
    response: invoiceList,
  }),
  subscription: route({
    access: 'customer',
    tag: 'Subscriptions',
    method: 'GET',
    path: '/subscriptions/:id',
    summary: 'Retrieve a subscription with its items, currency, method and latest invoice',
    query: detailQuery,
    response: subscriptionDetail,
  }),
  subscriptions: route({
    access: 'customer',
    tag: 'Subscriptions',
    method: 'GET',
    path: '/subscriptions',
    summary: 'List subscriptions, newest first (customer_id, status; the customer: only their own)',
    query: subscriptionListQuery,
    response: listOf(subscription),
  }),
  // Plan changes (billing/subscriptions/plan-change.ts): a customer route, the signed-in customer
  // changing only their own subscription's plan.
  subscriptionUpdate: route({
    access: 'customer',
    tag: 'Subscriptions',
    method: 'POST',
    path: '/subscriptions/:id',
    summary:
      'Update a subscription: change items or quantity with proration (pending until its invoice is paid), collection method, currency of future invoices, payer',
    query: detailQuery,
    body: subscriptionUpdate,
    response: subscription,
  }),
  upcomingInvoice: route({
    access: 'customer',
    tag: 'Subscriptions',
    method: 'GET',
    path: '/subscriptions/:id/upcoming-invoice',
    summary:
      'Preview the next renewal invoice, and with proposed items or quantity the proration it bills now (balance applied)',
    query: upcomingInvoiceQuery,
    response: upcomingInvoice,
  }),
  subscriptionPlanOptions: route({
    access: 'customer',
    tag: 'Subscriptions',
    method: 'GET',
    path: '/subscriptions/:id/plan-options',
    summary:
      'The prices a customer may switch this one-item subscription to: the product’s other prices and those marked switchable, on its interval and in its currency',
    query: detailQuery,
    response: planOptions,
  }),
  usageRecordCreate: route({
    access: 'merchant',
    tag: 'Subscriptions',
    method: 'POST',
    path: '/subscription-items/:id/usage-records',
    summary: 'Record usage of a metered subscription item (increment or set), billed at the next renewal',
    query: modeQuery,
    body: usageRecordCreate,
    response: usageRecord,
  }),
  subscriptionAllowance: route({
    access: 'customer',
    tag: 'Subscriptions',
    method: 'GET',
    path: '/subscriptions/:id/allowance',
    summary:
      'The ERC-20 allowance the payer has left on chain for renewals, whether it covers the next invoices, and the approve to grant or renew it',
    query: detailQuery,
    response: subscriptionAllowanceAnswer,
  }),
  subscriptionAllowanceAdopt: route({
    access: 'customer',
    tag: 'Subscriptions',
    method: 'POST',
    path: '/subscriptions/:id/allowance',
    summary:
      'A subscription with no payer yet takes the account its customer proved when that account now has an allowance covering the next invoices (nothing is taken from the request)',
    query: detailQuery,
    body: emptyBody,
    response: subscriptionAllowanceAnswer,
  }),
};
