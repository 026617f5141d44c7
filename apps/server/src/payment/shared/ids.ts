import { createHash, randomFillSync } from 'node:crypto';
import { ID_RANDOM_LENGTH } from '@payshelf/api';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random bytes drawn from the CSPRNG a pool at a time (one call per ~100 ids instead of one per id). */
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let used = POOL_SIZE;

function randomByte(): number {
  if (used === POOL_SIZE) {
    randomFillSync(pool);
    used = 0;
  }
  return pool[used++] as number;
}

/** Uniform random base62 text (rejection sampling: bytes >= 248 are skipped so no character is favoured). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += BASE62[byte % 62];
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
