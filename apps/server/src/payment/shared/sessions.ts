import type { FastifyInstance } from 'fastify';
import { hasRole, optionalUser, requireRole } from '../../platform/identity/index.js';
import { ApiError } from '../../core/http/errors.js';
import type { Sessions } from './context.js';

/** Sessions of the identity module; without it (a server built without identity) nobody is signed in. */
export function sessionsFor(app: FastifyInstance): Sessions {
  if (!app.hasDecorator('identity')) {
    return {
      user: async () => null,
      requireAdmin: async () => {
        throw ApiError.of('unauthenticated', {});
      },
      isAdmin: () => false,
    };
  }
  return {
    user: (request) => optionalUser(request),
    requireAdmin: (request) => requireRole(request, ['owner', 'admin']),
    isAdmin: (user) => hasRole(user, ['owner', 'admin']),
  };
}
