import { verifyBundleSignature } from '@payshelf/store-cli';
import type { ApiError } from '../../core/http/errors.js';
import { storeError } from '../errors.js';

/**
 * Uploads made with an access token carry the bundle's sha512 signed with the token's Ed25519 key
 * (derived from its secret; the store keeps the public key). The signature must verify against the
 * sha512 the store computed itself (a token made before signing existed has its key recorded at first
 * use). Uploads in a browser session have no token, so no key, and are not signed.
 */
export function bundleSignatureRefusal(
  signingKey: string | null,
  sha512: string,
  signature: string | null,
): ApiError | null {
  if (signingKey === null) return null;
  if (!signature) return storeError('store_bundle_signature_missing', {}, 400);
  if (!verifyBundleSignature(signingKey, sha512, signature))
    return storeError('store_bundle_signature_invalid', {}, 400);
  return null;
}
