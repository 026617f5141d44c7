// The subscription actions a customer may take on their own subscription: cancel (at the period end,
// or now during a trial) with feedback, resume, recover; the plan/quantity change, whose prorated
// preview is `GET /subscriptions/{id}/upcoming-invoice` (Stripe-like; a 404 there means "Plan updates are not
// available"); the currency of future invoices.
import {
  billingRoutes as reads,
  billingWriteRoutes as writes,
  CANCEL_FEEDBACK,
  instanceRoutes,
  type SubscriptionCancel,
  type upcomingInvoice,
} from '@payshelf/api';
import type { z } from 'zod';
import { ApiFailure, modeCall } from '../../admin/api/client';

/**
 * Every call asks with `mine`: the server acts only on the signed-in person's own subscription, even
 * when they are the owner or an admin (another customer's answers as missing).
 */
export const MINE = { mine: 'true' } as const;

export type CancelFeedback = (typeof CANCEL_FEEDBACK)[number];
export { CANCEL_FEEDBACK };

export const cancelSubscription = (
  mountPoint: string,
  id: string,
  livemode: boolean,
  body: SubscriptionCancel,
) => modeCall(mountPoint, livemode, writes.cancelSubscription, { params: { id }, query: MINE, body });

export const resumeSubscription = (mountPoint: string, id: string, livemode: boolean) =>
  modeCall(mountPoint, livemode, writes.resumeSubscription, { params: { id }, query: MINE, body: {} });

export const recoverSubscription = (mountPoint: string, id: string, livemode: boolean) =>
  modeCall(mountPoint, livemode, writes.recoverSubscription, { params: { id }, query: MINE, body: {} });

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
    return await modeCall(mountPoint, livemode, reads.upcomingInvoice, {
      params: { id },
      query: { ...MINE, quantity: String(quantity) },
    });
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
  modeCall(mountPoint, livemode, reads.subscriptionUpdate, {
    params: { id },
    query: MINE,
    body: { quantity, ...(prorationDate ? { proration_date: prorationDate } : {}) },
  });

/** The payment methods with their currencies (public settings), to offer the currencies of future invoices. */
export const fetchPaymentSettings = (mountPoint: string, livemode: boolean, signal?: AbortSignal) =>
  modeCall(mountPoint, livemode, instanceRoutes.paymentSettings, {}, signal);

/** Future invoices in `currencyId` of `methodId` (open and past-due ones keep theirs). */
export const changeCurrency = (
  mountPoint: string,
  id: string,
  livemode: boolean,
  currencyId: string,
  methodId: string,
) =>
  modeCall(mountPoint, livemode, reads.subscriptionUpdate, {
    params: { id },
    query: MINE,
    body: { currency_id: currencyId, payment_method_id: methodId },
  });

/** The plans the customer may switch to (the server's rule: the product's other prices and switchable ones). */
export const fetchPlanOptions = (mountPoint: string, id: string, livemode: boolean, signal?: AbortSignal) =>
  modeCall(mountPoint, livemode, reads.subscriptionPlanOptions, { params: { id }, query: MINE }, signal);

/** The prorated preview of switching the one item to `priceId` (keeping its quantity). */
export const previewPlan = (
  mountPoint: string,
  id: string,
  livemode: boolean,
  priceId: string,
  quantity: number,
  signal?: AbortSignal,
) =>
  modeCall(
    mountPoint,
    livemode,
    reads.upcomingInvoice,
    { params: { id }, query: { ...MINE, items: `${priceId}:${quantity}` } },
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
  modeCall(mountPoint, livemode, reads.subscriptionUpdate, {
    params: { id },
    query: MINE,
    body: {
      items: [{ price_id: priceId, quantity }],
      ...(prorationDate ? { proration_date: prorationDate } : {}),
    },
  });
