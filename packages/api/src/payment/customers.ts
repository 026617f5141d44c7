import { z } from 'zod';
import { updateOf } from './update.js';
import { metadata, timestamp } from './common.js';

export const address = z.object({
  line1: z.string().max(200).nullable().optional(),
  line2: z.string().max(200).nullable().optional(),
  city: z.string().max(100).nullable().optional(),
  state: z.string().max(100).nullable().optional(),
  postal_code: z.string().max(20).nullable().optional(),
  country: z.string().max(2).nullable().optional(),
});
export type Address = z.infer<typeof address>;

/**
 * Contact details typed in a checkout's form (Stripe's `customer_details`): they belong to that
 * checkout and the invoice it made; the customer's own record changes only when the buyer asks.
 */
export const customerDetails = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: address.nullable(),
});
export type CustomerDetails = z.infer<typeof customerDetails>;

export const customerFields = {
  did: z.string().max(200).nullable(),
  name: z.string().max(200).nullable(),
  email: z.email().max(254).nullable(),
  phone: z.string().max(40).nullable(),
  address: address.nullable(),
  description: z.string().max(1000).nullable(),
  metadata,
};

export const customer = z.object({
  id: z.string(),
  object: z.literal('customer'),
  livemode: z.boolean(),
  active: z.boolean(),
  ...customerFields,
  delinquent: z.boolean(),
  /**
   * Test mode: the test clock the customer lives in (Stripe's `test_clock`). Subscriptions made for
   * them, through checkout or the API, run on it; the portal counts their time from it. Null on real time.
   */
  test_clock: z.string().nullable().optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Customer = z.infer<typeof customer>;

export const customerCreate = z.strictObject({
  did: customerFields.did.optional(),
  name: customerFields.name.optional(),
  email: customerFields.email.optional(),
  phone: customerFields.phone.optional(),
  address: customerFields.address.optional(),
  description: customerFields.description.optional(),
  metadata: metadata.optional(),
  /** A test clock's id (test mode only); null on update takes the customer back to real time. */
  test_clock: z.string().max(100).nullable().optional(),
});
export type CustomerCreate = z.infer<typeof customerCreate>;
export const customerUpdate = updateOf(customerCreate);
export type CustomerUpdate = z.infer<typeof customerUpdate>;
