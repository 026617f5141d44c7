import type { PlatformAccess, SessionUser } from '@payshelf/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Server } from 'node:http';
import { ApiError } from '../../core/http/errors.js';
import { OpenApiRegistry, serveOpenApi, type AccessPolicy } from '../../core/http/openapi/index.js';
import { routeKit, type Mount } from '../../core/http/route-kit.js';
import { requireRole, requireUser } from './guard.js';

/**
 * The platform's one gate: 401 for a guest on signed-in routes, 403 for a non-admin on admin routes.
 * `anyone` looks nobody up (probes and assets cost no session query); a handler that shows a guest
 * less reads the session itself.
 */
async function platformCaller(access: PlatformAccess, request: FastifyRequest): Promise<SessionUser | null> {
  switch (access) {
    case 'anyone':
      return null;
    case 'signedIn':
      return requireUser(request);
    case 'admin':
      return requireRole(request, ['owner', 'admin']);
    default:
      throw ApiError.of('forbidden', {});
  }
}

/** The caller of a route the gate signed in (every access but `anyone`). */
export function platformUser(caller: SessionUser | null): SessionUser {
  if (!caller) throw ApiError.of('unauthenticated', {});
  return caller;
}

const SECURITY: Record<PlatformAccess, Array<Record<string, string[]>>> = {
  anyone: [{}],
  signedIn: [{ session: [] }],
  admin: [{ session: [] }],
};
const KINDS: Record<PlatformAccess, readonly string[]> = {
  anyone: ['anonymous', 'user', 'admin'],
  signedIn: ['user', 'admin'],
  admin: ['admin'],
};

const platformPolicy: AccessPolicy<PlatformAccess> = {
  security: (access) => SECURITY[access],
  kinds: (access) => KINDS[access],
  idempotent: () => false,
  securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'payshelf_session' } },
  description:
    'Payshelf platform API: the session, members and passports, the user centre, navigation and ' +
    'notifications. Each operation names the callers it lets in under `x-payshelf-auth`: anonymous, ' +
    'user (signed in), admin (owner or admin).',
};

export const PLATFORM_OPENAPI_PATH = '/.well-known/service/openapi.json';

/** One registry per server (modules register on encapsulated instances of the same server). */
const registries = new WeakMap<Server, OpenApiRegistry<PlatformAccess>>();

/**
 * `mount(entry, handler)` for a platform module: serves the entry at its path behind the platform
 * gate and documents it in the platform's OpenAPI document (served at PLATFORM_OPENAPI_PATH).
 */
export function platformMount(
  app: FastifyInstance,
  checkResponses: boolean,
): Mount<PlatformAccess, SessionUser | null> {
  let registry = registries.get(app.server);
  if (!registry) {
    registry = new OpenApiRegistry<PlatformAccess>('', platformPolicy);
    registries.set(app.server, registry);
    serveOpenApi(app, PLATFORM_OPENAPI_PATH, registry, () => ({
      title: 'Payshelf platform API',
      version: '1',
    }));
  }
  return routeKit<PlatformAccess, SessionUser | null>(app, '', {
    registry,
    authenticate: platformCaller,
    checkResponses,
  });
}
