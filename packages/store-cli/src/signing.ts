// Manifest (bundle) signing: every access token has an Ed25519 key derived from its secret, so the
// CLI needs nothing besides the token, and the store, which sees the secret only when it creates the
// token, keeps the public key beside the secret's hash. `publish` signs the bundle's sha512 with it;
// the store verifies the signature against the sha512 it computed while receiving the bundle.
import { createPrivateKey, createPublicKey, hkdfSync, sign, verify, type KeyObject } from 'node:crypto';

const INFO = Buffer.from('payshelf bundle signing v1');
/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The message signed: a fixed label and the bundle's lowercase hex sha512 (never any other data). */
export const signedMessage = (sha512Hex: string) =>
  Buffer.from(`payshelf-bundle-sha512:${sha512Hex.toLowerCase()}`, 'utf8');

function privateKeyOf(tokenSecret: string): KeyObject {
  const seed = Buffer.from(hkdfSync('sha256', Buffer.from(tokenSecret, 'utf8'), Buffer.alloc(0), INFO, 32));
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/** The token's public signing key: raw 32-byte Ed25519 key, base64url. */
export function signingPublicKey(tokenSecret: string): string {
  const jwk = createPublicKey(privateKeyOf(tokenSecret)).export({ format: 'jwk' });
  if (!jwk.x) throw new Error('Ed25519 key without x');
  return jwk.x;
}

/** Signs a bundle's sha512 (hex) with the token's key; the signature is base64url (64 bytes). */
export function signBundle(tokenSecret: string, sha512Hex: string): string {
  return sign(null, signedMessage(sha512Hex), privateKeyOf(tokenSecret)).toString('base64url');
}

/** True when `signature` is the token key's signature of `sha512Hex`; false for anything malformed. */
export function verifyBundleSignature(publicKey: string, sha512Hex: string, signature: string): boolean {
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' });
    const sig = Buffer.from(signature, 'base64url');
    if (sig.length !== 64) return false;
    return verify(null, signedMessage(sha512Hex), key, sig);
  } catch {
    return false;
  }
}
