import { z } from 'zod';
import { inspectJson, storableText } from '../bounds.js';
import { amountString } from '../common.js';

/** Random part of an object id: 24 base62 characters (about 143 bits). */
export const ID_RANDOM_LENGTH = 24;

/** Every payment object id with its Stripe-like prefix. */
export const ID_PREFIXES = {
  product: 'prod',
  price: 'price',
  payment_method: 'pm',
  payment_currency: 'pc',
  customer: 'cus',
  payment_link: 'plink',
  checkout_session: 'cs',
  line_item: 'li',
  payment_intent: 'pi',
  invoice: 'in',
  invoice_item: 'ii',
  subscription: 'sub',
  subscription_item: 'si',
  refund: 're',
  event: 'evt',
  setting: 'setting',
  api_key: 'key',
  test_clock: 'clock',
  meter: 'meter',
  meter_event: 'mevt',
  credit_grant: 'cgrant',
  credit_transaction: 'ctxn',
  coupon: 'coupon',
  promotion_code: 'promo',
  tax_rate: 'txr',
} as const;

export const objectId = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9]{8,64}$`), `must be an id starting with ${prefix}_`);

/** Free-form key/value data; values may be nested JSON (metadata.credit_config, metadata.page_info). */
export const metadata = z
  .record(storableText(40).min(1), z.json())
  .refine((m) => Object.keys(m).length <= 50, 'at most 50 keys')
  .superRefine((m, ctx) => {
    const problem = inspectJson(m);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
  })
  .refine((m) => JSON.stringify(m).length <= 16_384, 'at most 16 KB of metadata');
export type Metadata = z.infer<typeof metadata>;

export const timestamp = z.iso.datetime().describe('ISO 8601 time in UTC');
export const epochSeconds = z.number().int().describe('Unix time in seconds');

/** Smallest-unit amount (a decimal string) or null. */
export const nullableAmount = amountString.nullable();

/** Query of every list call: cursor pagination, newest first. */
export const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: z.string().max(100).optional(),
  ending_before: z.string().max(100).optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({
    object: z.literal('list'),
    data: z.array(item),
    has_more: z.boolean(),
    url: z.string(),
  });
}

/** Browser calls add these to every request (SPEC §7). */
export const browserQuery = z.looseObject({
  livemode: z.enum(['true', 'false', '1', '0']).optional(),
  locale: z.string().max(20).optional(),
  authToken: z.string().max(4096).optional(),
});
