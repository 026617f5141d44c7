// The subscription actions a customer may take on their own subscription: cancel (at the period end,
// or now during a trial) with feedback, resume, recover; and the plan/quantity change, whose preview
// (`GET /subscriptions/{id}/upcoming-invoice`, Stripe-like) may not exist on this server yet: a 404
// there means "Plan updates are not available".
import { CANCEL_FEEDBACK, subscription, type SubscriptionCancel } from '@payshelf/api';
import { z } from 'zod';
import { apiBase, apiRequest, ApiFailure } from '../../admin/api/client';

export type CancelFeedback = (typeof CANCEL_FEEDBACK)[number];
export { CANCEL_FEEDBACK };

const url = (mountPoint: string, path: string, livemode: boolean, extra = '') =>
  `${apiBase(mountPoint)}${path}?livemode=${String(livemode)}${extra}`;

export const cancelSubscription = (
  mountPoint: string,
  id: string,
  livemode: boolean,
  body: SubscriptionCancel,
) =>
  apiRequest(
    subscription,
    url(mountPoint, `/subscriptions/${encodeURIComponent(id)}/cancel`, livemode),
    'POST',
    body,
  );

export const resumeSubscription = (mountPoint: string, id: string, livemode: boolean) =>
  apiRequest(
    subscription,
    url(mountPoint, `/subscriptions/${encodeURIComponent(id)}/resume`, livemode),
    'POST',
    {},
  );

export const recoverSubscription = (mountPoint: string, id: string, livemode: boolean) =>
  apiRequest(
    subscription,
    url(mountPoint, `/subscriptions/${encodeURIComponent(id)}/recover`, livemode),
    'POST',
    {},
  );

/** The upcoming invoice's amounts a preview shows (Stripe-like; other fields are ignored). */
const upcoming = z.looseObject({ amount_due: z.string(), total: z.string().optional() });
export type UpcomingInvoice = z.infer<typeof upcoming>;

/** The prorated preview of a new quantity, or null when the server has no plan updates (404). */
export async function previewQuantity(
  mountPoint: string,
  id: string,
  livemode: boolean,
  quantity: number,
): Promise<UpcomingInvoice | null> {
  try {
    return await apiRequest(
      upcoming,
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

export const updateQuantity = (mountPoint: string, id: string, livemode: boolean, quantity: number) =>
  apiRequest(subscription, url(mountPoint, `/subscriptions/${encodeURIComponent(id)}`, livemode), 'POST', {
    quantity,
  });
