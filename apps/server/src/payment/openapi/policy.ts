import type { RouteAccess } from '@payshelf/api';
import type { AccessPolicy } from '../../core/http/openapi/index.js';

/** The caller kinds (see `Caller['kind']`) a route lets in, before any per-object check. */
export const AUTH_KINDS: Record<RouteAccess, Array<'key' | 'admin' | 'customer' | 'browser'>> = {
  merchant: ['key', 'admin'],
  admin: ['admin'],
  customer: ['key', 'admin', 'customer'],
  browser: ['browser'],
};

const SECURITY: Record<RouteAccess, Array<Record<string, string[]>>> = {
  merchant: [{ secretKey: [] }, { session: [] }],
  admin: [{ session: [] }],
  customer: [{ secretKey: [] }, { session: [] }],
  browser: [{}],
};

/**
 * The payment part's access in its document. A write honours Idempotency-Key when a secret key makes
 * it: every merchant write, and a key's writes on customer routes.
 */
export const paymentPolicy: AccessPolicy<RouteAccess> = {
  security: (access) => SECURITY[access],
  kinds: (access) => AUTH_KINDS[access],
  idempotent: ({ method, access }) => method !== 'GET' && (access === 'merchant' || access === 'customer'),
  securitySchemes: {
    secretKey: { type: 'http', scheme: 'bearer', description: 'sk_test_… or sk_live_…' },
    session: { type: 'apiKey', in: 'cookie', name: 'login_token' },
  },
  description:
    'Payshelf payment API: merchant calls (secret keys) and checkout browser calls. Each operation names ' +
    'the callers it lets in under `x-payshelf-auth`: key (a secret key, its mode), admin (a signed-in ' +
    'owner or admin), customer (any other signed-in user, own objects only), browser (anyone).',
};
