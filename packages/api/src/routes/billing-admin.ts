// The merchant's billing lists for the payment admin: payment intents, refunds, a subscription's
// timeline and a test clock's objects. `merchant` access: a secret key or a signed-in owner/admin.
import {
  paymentIntent,
  paymentIntentListQuery,
  refund,
  refundListQuery,
  subscriptionEvents,
  testClockObjects,
} from '../payment/index.js';
import { listOf } from '../payment/common.js';
import { z } from 'zod';
import { route } from './define.js';

const modeQuery = z.looseObject({ livemode: z.enum(['true', 'false', '1', '0']).optional() });

export const billingAdminRoutes = {
  paymentIntents: route({
    access: 'merchant',
    tag: 'Payment intents',
    method: 'GET',
    path: '/payment-intents',
    summary: 'List payment intents, newest first (status, customer_id, currency_id)',
    query: paymentIntentListQuery,
    response: listOf(paymentIntent),
  }),
  refunds: route({
    access: 'merchant',
    tag: 'Refunds',
    method: 'GET',
    path: '/refunds',
    summary: 'List refunds, newest first (status, customer_id, payment_intent_id)',
    query: refundListQuery,
    response: listOf(refund),
  }),
  subscriptionEvents: route({
    access: 'merchant',
    tag: 'Subscriptions',
    method: 'GET',
    path: '/subscriptions/:id/events',
    summary: 'The events of a subscription and of its invoices, newest first (at most 100)',
    query: modeQuery,
    response: subscriptionEvents,
  }),
  testClockObjects: route({
    access: 'merchant',
    tag: 'Test clocks',
    method: 'GET',
    path: '/test-clocks/:id/objects',
    summary: 'The customers and subscriptions on a test clock and the invoices and events it produced',
    query: modeQuery,
    response: testClockObjects,
  }),
};
