import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh random secret for a cookie (256 bits, base64url). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What we store instead of a secret: its SHA-256 (hex). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The library's tokens are 8 hex digits derived from the clock, so anyone can guess a current one.
 * The deep link therefore also carries `_s_`, an HMAC of the token under a key only the server has:
 * fetching the wallet request (and its challenge) needs the QR code, not a guess.
 */
export class LinkSigner {
  private readonly key: Buffer;

  constructor(secretMaterial: string) {
    this.key = createHmac('sha256', secretMaterial).update('payshelf did-connect link v1').digest();
  }

  sign(token: string): string {
    return createHmac('sha256', this.key).update(token).digest('base64url').slice(0, 32);
  }

  verify(token: string, signature: unknown): boolean {
    return typeof signature === 'string' && safeEqual(signature, this.sign(token));
  }
}
