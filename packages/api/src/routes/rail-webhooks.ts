// Webhooks a payment provider sends (a card provider's events), one URL per payment method. The body
// is read as the exact text sent: its signature is checked over those bytes.
import { z } from 'zod';
import { route } from './define.js';

export const railWebhookAnswer = z.object({
  received: z.literal(true),
  /** The event was seen before (a replay or a resend): nothing was done again. */
  duplicate: z.boolean(),
});

export const railWebhookRoutes = {
  receive: route({
    access: 'browser',
    tag: 'Provider webhooks',
    method: 'POST',
    path: '/rail-webhooks/:method_id',
    summary: "A payment provider's signed event for one payment method (Stripe-Signature checked)",
    body: z.string().max(1_000_000),
    response: railWebhookAnswer,
  }),
};
