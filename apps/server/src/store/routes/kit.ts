import type { SessionUser, StoreAccess } from '@payshelf/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
import type { OpenApiRegistry } from '../../core/http/openapi/index.js';
import { type AccessPolicy } from '../../core/http/openapi/index.js';
import { routeKit, type Mount } from '../../core/http/route-kit.js';
import { canPublish, isStoreAdmin, type StoreContext } from '../context.js';
import { storeError } from '../errors.js';
import { tokenUser } from '../tokens/service.js';

/** Who calls a store route: the user (null only on `anyone` routes) and the access token used, if any. */
export interface StoreCaller {
  /** Null on `anyone` routes, and on a `developerOrSigned` multipart upload the handler authenticates. */
  user: SessionUser | null;
  tokenName: string | null;
  signingKey: string | null;
}

/** A caller that `access` requires to be signed in. */
export type SignedIn = StoreCaller & { user: SessionUser };

const anonymous: StoreCaller = { user: null, tokenName: null, signingKey: null };

function authorization(request: FastifyRequest): string | undefined {
  const v = request.headers.authorization;
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The store's one gate, run before any input is read: 401 for a guest (or a bad access token) on a
 * route that needs a caller, 403 for a user without the developer passport on developer routes or
 * without the owner/admin role on console routes. `anyone` routes look nobody up here: the visibility
 * rule reads the session itself.
 */
export async function storeCaller(
  ctx: StoreContext,
  access: StoreAccess,
  request: FastifyRequest,
): Promise<StoreCaller> {
  if (access === 'anyone') return anonymous;
  const bearer = access === 'developerOrToken' || access === 'developerOrSigned';
  const token = bearer ? await tokenUser(ctx, authorization(request)) : null;
  const user = token?.user ?? (await ctx.user(request));
  // The blocklet CLI's form carries its credential inside (signed meta): its handler authenticates it.
  if (!user && access === 'developerOrSigned' && isMultipart(request)) return anonymous;
  if (!user) throw ApiError.of('unauthenticated', {});
  const caller = { user, tokenName: token?.tokenName ?? null, signingKey: token?.signingKey ?? null };
  switch (access) {
    case 'signedIn':
      return caller;
    case 'developer':
    case 'developerOrToken':
    case 'developerOrSigned':
      if (!canPublish(user)) throw storeError('store_developer_required', {});
      return caller;
    case 'storeAdmin':
      if (!isStoreAdmin(user)) throw storeError('store_admin_required', {});
      return caller;
    default:
      throw ApiError.of('forbidden', {});
  }
}

/** A `multipart/form-data` request (the blocklet CLI's upload form). */
export function isMultipart(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && type.toLowerCase().startsWith('multipart/form-data');
}

/** The user of a caller the gate signed in (every access but `anyone`). */
export function signedIn(caller: StoreCaller): SessionUser {
  if (!caller.user) throw ApiError.of('unauthenticated', {});
  return caller.user;
}

const KINDS: Record<StoreAccess, readonly string[]> = {
  anyone: ['anonymous', 'user', 'developer', 'admin'],
  signedIn: ['user', 'developer', 'admin'],
  developer: ['developer'],
  developerOrToken: ['developer', 'token'],
  developerOrSigned: ['developer', 'token', 'wallet'],
  storeAdmin: ['admin'],
};

const SECURITY: Record<StoreAccess, Array<Record<string, string[]>>> = {
  anyone: [{}],
  signedIn: [{ session: [] }],
  developer: [{ session: [] }],
  developerOrToken: [{ session: [] }, { accessToken: [] }],
  developerOrSigned: [{ session: [] }, { accessToken: [] }, {}],
  storeAdmin: [{ session: [] }],
};

export const storePolicy: AccessPolicy<StoreAccess> = {
  security: (access) => SECURITY[access],
  kinds: (access) => KINDS[access],
  idempotent: () => false,
  securitySchemes: {
    session: { type: 'apiKey', in: 'cookie', name: 'login_token' },
    accessToken: { type: 'http', scheme: 'bearer', description: 'A developer access token, pst_…' },
  },
  description:
    'Payshelf store API: the public catalog, developer uploads and reviews, the admin console. Each ' +
    'operation names the callers it lets in under `x-payshelf-auth`: anonymous, user (signed in), ' +
    'developer (with the developer passport), token (a developer access token), wallet (a blocklet ' +
    'CLI upload form whose meta is signed by a wallet credential from /connect-cli), admin (owner or admin).',
};

/** `mount(entry, handler)` for the store: serves each entry under `{STORE_MOUNT}/api` behind the gate. */
export function storeKit(
  app: FastifyInstance,
  ctx: StoreContext,
  registry: OpenApiRegistry<StoreAccess>,
): Mount<StoreAccess, StoreCaller> {
  return routeKit<StoreAccess, StoreCaller>(app, `${ctx.mount}/api`, {
    registry,
    authenticate: (access, request) => storeCaller(ctx, access, request),
    checkResponses: ctx.services.config.PAYSHELF_CHECK_RESPONSES,
  });
}
