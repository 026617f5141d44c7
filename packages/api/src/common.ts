import { z } from 'zod';
import { AMOUNT_LIMIT } from './bounds.js';

const belowLimit = (v: string) => !/^-?\d+$/.test(v) || BigInt(v.replace(/^-/, '')) < AMOUNT_LIMIT;
const LIMIT_MESSAGE = 'must be below 2^256 (the largest amount a chain can transfer)';

/**
 * Money crosses the wire as a decimal string of the smallest unit, never as a JSON number; every
 * amount is below 2^256 (a uint256 on the chain).
 */
export const amountString = z
  .string()
  .regex(/^\d{1,78}$/, 'must be a whole number of the smallest currency unit, as a string')
  .refine(belowLimit, LIMIT_MESSAGE);

export const signedAmountString = z
  .string()
  .regex(/^-?\d{1,78}$/, 'must be an integer amount, as a string')
  .refine(belowLimit, LIMIT_MESSAGE);

export const livemodeParam = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const localeParam = z
  .string()
  .transform((v) => (v.toLowerCase().startsWith('zh') || v.toLowerCase() === 'tw' ? 'zh' : 'en'))
  .pipe(z.enum(['en', 'zh']));

/** Object ids carry a type prefix, as in Stripe (`cs_…`, `plink_…`, `in_…`). */
export function prefixedId(prefix: string) {
  return z
    .string()
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9]{8,64}$`), `must be an id starting with ${prefix}_`);
}

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
