// A Stripe webhook for one card method: the signature (Stripe-Signature, HMAC-SHA256 over the exact
// body, at most 5 minutes old) checked with the SDK's `constructEvent`, each event id accepted once
// (`rail_events`), and what it means for a payment: `payment_intent.succeeded` names our reference.
import type { Db } from '../../db/database.js';
import { railEvents } from '../../db/schema/index.js';
import type { RailEventOutcome, RailEventRequest } from '../plugin.js';
import type { Stripe } from './client.js';
import type { StripeRail } from './rail.js';
import { txRefOfIntent } from './txref.js';

export async function readStripeEvent(
  db: Db,
  rail: StripeRail,
  request: RailEventRequest,
): Promise<RailEventOutcome> {
  const secret = rail.settings.webhookSecret;
  if (!secret) return { status: 'refused', detail: 'this card method has no webhook signing secret' };
  let event: Stripe.Event;
  try {
    event = rail.stripe.webhooks.constructEvent(request.raw, request.signature ?? '', secret);
  } catch (err) {
    return { status: 'refused', detail: err instanceof Error ? err.message : 'bad signature' };
  }
  if (event.livemode !== rail.settings.livemode) {
    return {
      status: 'refused',
      detail: `a ${event.livemode ? 'live' : 'test'} event for a method of the other mode`,
    };
  }
  const fresh = await db
    .insert(railEvents)
    .values({ rail: 'stripe', eventId: event.id, methodId: rail.settings.methodId, type: event.type })
    .onConflictDoNothing()
    .returning({ id: railEvents.eventId });
  if (fresh.length === 0) return { status: 'duplicate' };
  if (event.type !== 'payment_intent.succeeded') return { status: 'ignored' };
  const intent = event.data.object;
  const reference = intent.metadata?.reference;
  if (!reference) return { status: 'ignored' };
  return { status: 'paid', reference, txRef: txRefOfIntent(intent.id) };
}
