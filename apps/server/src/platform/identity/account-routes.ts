import { platformIdentityRoutes as r } from '@payshelf/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
import { platformMount } from './routes-kit.js';
import { sessionOf } from './guard.js';
import type { IdentityService, SessionContext } from './service.js';
import { clearSessionCookie } from './session-cookie.js';

/** The signed-in session (the gate already answered 401 to a guest). */
async function ownSession(request: FastifyRequest): Promise<SessionContext> {
  const session = await sessionOf(request);
  if (!session) throw ApiError.of('unauthenticated', {});
  return session;
}

/** The user centre's calls (access `signedIn`): a user reads and edits only their own profile and sessions. */
export function accountRoutes(app: FastifyInstance, service: IdentityService, checkResponses: boolean): void {
  const mount = platformMount(app, checkResponses);

  mount(r.account, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    const session = await ownSession(request);
    return service.account(session.user.did, session.sessionId);
  });

  mount(r.profile, async ({ request, body }) => {
    const session = await ownSession(request);
    return service.updateProfile(session.user.did, body);
  });

  mount(r.endSession, async ({ request, reply, params }) => {
    const session = await ownSession(request);
    await service.revokeOwnSession(session.user.did, params.id);
    // Signing out this very browser from the list is a sign-out.
    if (params.id === session.sessionId) clearSessionCookie(request, reply);
    return { id: params.id, revoked: true as const };
  });

  mount(r.endOthers, async ({ request }) => {
    const session = await ownSession(request);
    return { revoked: await service.revokeOtherSessions(session.user.did, session.sessionId) };
  });
}
