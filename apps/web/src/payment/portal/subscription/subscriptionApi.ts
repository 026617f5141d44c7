// The subscription actions a customer may take on their own subscription: cancel (at the period end,
// or now during a trial) with feedback, resume, recover; the plan/quantity change, whose prorated
// preview is `GET /subscriptions/{id}/upcoming-invoice` (Stripe-like; a 404 there means "Plan updates are not
// available"); the currency of future invoices.
import {
  billingWriteRoutes as writes,
  CANCEL_FEEDBACK,
  paymentSettings,
  planOptions,
  routeUrl,
  subscription,
  upcomingInvoice,
  type SubscriptionCancel,
} from '@payshelf/api';
import type { z } from 'zod';
import { apiBase, apiRequest, ApiFailure } from '../../admin/api/client';

export type CancelFeedback = (typeof CANCEL_FEEDBACK)[number];
export { CANCEL_FEEDBACK };

const url = (mountPoint: string, path: string, livemode: boolean, extra = '') =>
  `${apiBase(mountPoint)}${path}?livemode=${String(livemode)}${extra}`;

/** A subscription write of the route table (method, path and answer from the entry), for `id`. */
function write(
  entry: (typeof writes)['cancelSubscription' | 'resumeSubscription' | 'recoverSubscription'],
  mountPoint: string,
  id: string,
  livemode: boolean,
  body: unknown,
) {
  const at = routeUrl(entry, { params: { id } }, { base: apiBase(mountPoint), query: { livemode } });
  return apiRequest(entry.response, at, entry.method, body);
}

export const cancelSubscription = (
  mountPoint: string,
  id: string,
  livemode: boolean,
  body: SubscriptionCancel,
) => write(writes.cancelSubscription, mountPoint, id, livemode, body);

export const resumeSubscription = (mountPoint: string, id: string, livemode: boolean) =>
  write(writes.resumeSubscription, mountPoint, id, livemode, {});

export const recoverSubscription = (mountPoint: string, id: string, livemode: boolean) =>
  write(writes.recoverSubscription, mountPoint, id, livemode, {});

/** The upcoming invoice with a proposed change: its `proration` is what the change bills now. */
export type UpcomingInvoice = z.infer<typeof upcomingInvoice>;

/** The prorated preview of a new quantity, or null when the server has no plan updates (404). */
export async function previewQuantity(
  mountPoint: string,
  id: string,
  livemode: boolean,
  quantity: number,
): Promise<UpcomingInvoice | null> {
  try {
    return await apiRequest(
      upcomingInvoice,
      url(
        mountPoint,
        `/subscriptions/${encodeURIComponent(id)}/upcoming-invoice`,
        livemode,
        `&quantity=${quantity}`,
      ),
    );
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return null;
    throw error;
  }
}

/**
 * The new quantity, prorated as of the preview's `proration_date`: the amount billed is exactly the
 * one the customer was shown.
 */
export const updateQuantity = (
  mountPoint: string,
  id: string,
  livemode: boolean,
  quantity: number,
  prorationDate?: string,
) =>
  apiRequest(subscription, url(mountPoint, `/subscriptions/${encodeURIComponent(id)}`, livemode), 'POST', {
    quantity,
    ...(prorationDate ? { proration_date: prorationDate } : {}),
  });

/** The payment methods with their currencies (public settings), to offer the currencies of future invoices. */
export const fetchPaymentSettings = (mountPoint: string, livemode: boolean, signal?: AbortSignal) =>
  apiRequest(paymentSettings, url(mountPoint, '/settings', livemode), 'GET', undefined, signal);

/** Future invoices in `currencyId` of `methodId` (open and past-due ones keep theirs). */
export const changeCurrency = (
  mountPoint: string,
  id: string,
  livemode: boolean,
  currencyId: string,
  methodId: string,
) =>
  apiRequest(subscription, url(mountPoint, `/subscriptions/${encodeURIComponent(id)}`, livemode), 'POST', {
    currency_id: currencyId,
    payment_method_id: methodId,
  });

/** The plans the customer may switch to (the server's rule: the product's other prices and switchable ones). */
export const fetchPlanOptions = (mountPoint: string, id: string, livemode: boolean, signal?: AbortSignal) =>
  apiRequest(
    planOptions,
    url(mountPoint, `/subscriptions/${encodeURIComponent(id)}/plan-options`, livemode),
    'GET',
    undefined,
    signal,
  );

/** The prorated preview of switching the one item to `priceId` (keeping its quantity). */
export const previewPlan = (
  mountPoint: string,
  id: string,
  livemode: boolean,
  priceId: string,
  quantity: number,
  signal?: AbortSignal,
) =>
  apiRequest(
    upcomingInvoice,
    url(
      mountPoint,
      `/subscriptions/${encodeURIComponent(id)}/upcoming-invoice`,
      livemode,
      `&items=${encodeURIComponent(`${priceId}:${quantity}`)}`,
    ),
    'GET',
    undefined,
    signal,
  );

/**
 * Switches the one item to `priceId`, prorated as of the preview's `proration_date` (the amount billed
 * is the one shown). The same change sent twice bills once (the server keeps the pending change).
 */
export const changePlan = (
  mountPoint: string,
  id: string,
  livemode: boolean,
  priceId: string,
  quantity: number,
  prorationDate: string | undefined,
) =>
  apiRequest(subscription, url(mountPoint, `/subscriptions/${encodeURIComponent(id)}`, livemode), 'POST', {
    items: [{ price_id: priceId, quantity }],
    ...(prorationDate ? { proration_date: prorationDate } : {}),
  });
