import { createHash, randomBytes } from 'node:crypto';
import { ID_RANDOM_LENGTH } from '@payshelf/api';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniform random base62 text (rejection sampling: bytes >= 248 are skipped so no character is favoured). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** A Stripe-like object id: `price_` + 24 base62 characters. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBase62(ID_RANDOM_LENGTH)}`;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
