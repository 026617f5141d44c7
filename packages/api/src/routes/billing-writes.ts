// The billing engine's writes: creating, cancelling, resuming, recovering, pausing and unpausing
// subscriptions, invoice actions (pay, void, mark uncollectible) and test clocks (test mode only).
// Creating, pausing, void, mark-uncollectible and test clocks are for secret keys and owners/admins;
// cancel, resume, recover and pay are `customer` routes: a signed-in customer may call them on their
// own subscriptions and invoices only (anyone else's answers as missing). With `mine` (the portal's
// calls) an owner or admin too acts only on their own customer's.
import { z } from 'zod';
import { invoice, mineFlag, subscription } from '../payment/billing.js';
import {
  emptyBody,
  invoicePay,
  subscriptionCancel,
  subscriptionCreate,
  testClock,
  testClockAdvance,
  testClockCreate,
  testClockList,
} from '../payment/billing-engine.js';
import { route } from './define.js';

const modeQuery = z.looseObject({ livemode: z.enum(['true', 'false', '1', '0']).optional() });
/** The portal's calls add `mine`: only the signed-in person's own object, owner and admin included. */
const portalQuery = modeQuery.extend({ mine: mineFlag });
const subs = { tag: 'Subscriptions', method: 'POST', query: modeQuery, response: subscription } as const;
const invs = { tag: 'Invoices', method: 'POST', query: modeQuery, response: invoice } as const;
const own = { query: portalQuery } as const;
const clocks = { tag: 'Test clocks', access: 'merchant', query: modeQuery } as const;

export const billingWriteRoutes = {
  createSubscription: route({
    ...subs,
    access: 'merchant',
    path: '/subscriptions',
    summary: 'Create a subscription for a customer (charge_automatically pulls from the payer allowance)',
    body: subscriptionCreate,
  }),
  cancelSubscription: route({
    ...subs,
    ...own,
    access: 'customer',
    path: '/subscriptions/:id/cancel',
    summary: 'Cancel now or at the period end (a trial cancels now), with feedback and a comment',
    body: subscriptionCancel,
  }),
  resumeSubscription: route({
    ...subs,
    ...own,
    access: 'customer',
    path: '/subscriptions/:id/resume',
    summary: 'Keep renewing a subscription set to cancel at its period end',
    body: emptyBody,
  }),
  recoverSubscription: route({
    ...subs,
    ...own,
    access: 'customer',
    path: '/subscriptions/:id/recover',
    summary: 'Recover a canceled subscription: a new period starts now and its invoice is collected now',
    body: emptyBody,
  }),
  pauseSubscription: route({
    ...subs,
    access: 'merchant',
    path: '/subscriptions/:id/pause',
    summary: 'Pause collection (no invoices until unpaused)',
    body: emptyBody,
  }),
  unpauseSubscription: route({
    ...subs,
    access: 'merchant',
    path: '/subscriptions/:id/unpause',
    summary: 'Unpause collection',
    body: emptyBody,
  }),
  payInvoice: route({
    ...invs,
    ...own,
    access: 'customer',
    path: '/invoices/:id/pay',
    summary: 'Collect an open or uncollectible invoice now (or, merchant only, record it paid out of band)',
    body: invoicePay,
  }),
  voidInvoice: route({
    ...invs,
    access: 'merchant',
    path: '/invoices/:id/void',
    summary: 'Void an open invoice',
    body: emptyBody,
  }),
  markInvoiceUncollectible: route({
    ...invs,
    access: 'merchant',
    path: '/invoices/:id/mark-uncollectible',
    summary: 'Mark an open invoice uncollectible',
    body: emptyBody,
  }),
  createTestClock: route({
    ...clocks,
    method: 'POST',
    path: '/test-clocks',
    summary: 'Create a test clock frozen at a time (test mode only)',
    body: testClockCreate,
    response: testClock,
  }),
  testClocks: route({
    ...clocks,
    method: 'GET',
    path: '/test-clocks',
    summary: 'List test clocks, newest first',
    response: testClockList,
  }),
  testClock: route({
    ...clocks,
    method: 'GET',
    path: '/test-clocks/:id',
    summary: 'Retrieve a test clock',
    response: testClock,
  }),
  advanceTestClock: route({
    ...clocks,
    method: 'POST',
    path: '/test-clocks/:id/advance',
    summary: 'Move the clock forward, running every renewal, retry and cancel due until then, in order',
    body: testClockAdvance,
    response: testClock,
  }),
};
