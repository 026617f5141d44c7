import type { SessionUser } from '@payshelf/api';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
import { assertSameOrigin } from '../../core/http/same-origin.js';
import type { DidConnect } from './connect/registry.js';
import { hasAnyRole, isDeveloperRoles, type UserRole } from './roles.js';
import type { IdentityService, SessionContext } from './service.js';
import { SESSION_COOKIE } from './session-cookie.js';

export { SESSION_COOKIE, secureCookies } from './session-cookie.js';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** What the identity module hangs on the Fastify instance for guards and other modules. */
export interface Identity {
  service: IdentityService;
  /** Register DID Connect actions here (payment's `checkout`, …) before the server starts. */
  connect: DidConnect;
  /** Origin of PUBLIC_URL, also accepted as the Origin of state-changing requests. */
  publicOrigin: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: Identity;
  }
}

const resolved = new WeakMap<FastifyRequest, Promise<SessionContext | null>>();

/** The request's session, looked up once per request (roles are read fresh: changes apply at once). */
export function sessionOf(request: FastifyRequest): Promise<SessionContext | null> {
  let found = resolved.get(request);
  if (!found) {
    const token = request.cookies[SESSION_COOKIE];
    found =
      token && TOKEN_SHAPE.test(token)
        ? request.server.identity.service.resolveSession(token)
        : Promise.resolve(null);
    resolved.set(request, found);
  }
  return found;
}

/** The signed-in user, or null for a guest. */
export async function optionalUser(request: FastifyRequest): Promise<SessionUser | null> {
  return (await sessionOf(request))?.user ?? null;
}

/** The signed-in user; 401 for a guest. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await optionalUser(request);
  if (!user) throw ApiError.of('unauthenticated', {});
  // The app-wide hook already applied it; repeated here so no guarded write can ever skip it.
  assertSameOrigin(request, [SESSION_COOKIE], request.server.identity.publicOrigin);
  return user;
}

/** The signed-in user holding one of `roles` (any passport counts); 401 for a guest, 403 otherwise. */
export async function requireRole(request: FastifyRequest, roles: readonly UserRole[]): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!hasRole(user, roles)) throw ApiError.of('forbidden', {});
  return user;
}

export function hasRole(user: SessionUser, roles: readonly UserRole[]): boolean {
  return hasAnyRole(
    user.passports.map((p) => p.role),
    roles,
  );
}

/** SPEC section 6: a developer is anyone with a developer passport. */
export function isDeveloper(user: SessionUser): boolean {
  return isDeveloperRoles(user.passports.map((p) => p.role));
}

export async function requireDeveloper(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!isDeveloper(user)) throw ApiError.of('store_developer_required', {});
  return user;
}
