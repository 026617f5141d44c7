import {
  accountSessionParams,
  updateProfileBody,
  type AccountResponse,
  type SessionUser,
} from '@payshelf/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, parseWith } from '../../core/http/errors.js';
import { requireUser, sessionOf } from './guard.js';
import type { IdentityService, SessionContext } from './service.js';
import { clearSessionCookie } from './session-cookie.js';

/** The signed-in session (401 otherwise), after the same checks as every guarded call. */
async function ownSession(request: FastifyRequest): Promise<SessionContext> {
  await requireUser(request);
  const session = await sessionOf(request);
  if (!session) throw ApiError.unauthenticated();
  return session;
}

/** The user centre's calls: a user reads and edits only their own profile and sessions. */
export function accountRoutes(app: FastifyInstance, service: IdentityService): void {
  app.get('/api/user/account', async (request, reply): Promise<AccountResponse> => {
    reply.header('cache-control', 'no-store');
    const session = await ownSession(request);
    return service.account(session.user.did, session.sessionId);
  });

  app.put('/api/user/profile', async (request): Promise<SessionUser> => {
    const session = await ownSession(request);
    const body = parseWith(updateProfileBody, request.body, 'body');
    return service.updateProfile(session.user.did, body);
  });

  app.delete('/api/user/sessions/:id', async (request, reply) => {
    const session = await ownSession(request);
    const { id } = parseWith(accountSessionParams, request.params, 'params');
    await service.revokeOwnSession(session.user.did, id);
    // Signing out this very browser from the list is a sign-out.
    if (id === session.sessionId) clearSessionCookie(request, reply);
    return { id, revoked: true };
  });

  app.post('/api/user/sessions/sign-out-others', async (request) => {
    const session = await ownSession(request);
    return { revoked: await service.revokeOtherSessions(session.user.did, session.sessionId) };
  });
}
