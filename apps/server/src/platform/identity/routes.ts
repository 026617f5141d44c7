import { grantPassportBody, memberListQuery, type SessionResponse } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../core/http/errors.js';
import { requireRole, sessionOf } from './guard.js';
import { avatarSize, identiconSvg } from './identicon.js';
import { memberParams, passportParams } from './schema.js';
import { AVATAR_PATH, type IdentityService } from './service.js';
import { clearSessionCookie } from './session-cookie.js';

/** `/api/session`, `/api/members…` and the avatar images. */
export function identityRoutes(app: FastifyInstance, service: IdentityService): void {
  app.get('/api/session', async (request, reply): Promise<SessionResponse> => {
    reply.header('cache-control', 'no-store');
    const session = await sessionOf(request);
    return { initialized: true, user: session?.user ?? null };
  });

  app.post('/api/session/logout', async (request, reply): Promise<SessionResponse> => {
    const session = await sessionOf(request);
    if (session) await service.revokeSession(session.sessionId);
    clearSessionCookie(request, reply);
    return { initialized: true, user: null };
  });

  app.get('/api/members', async (request) => {
    await requireRole(request, ['owner', 'admin']);
    return service.listMembers(parseWith(memberListQuery, request.query, 'query'));
  });

  app.post('/api/members/:did/passports', async (request, reply) => {
    const actor = await requireRole(request, ['owner', 'admin']);
    const { did } = parseWith(memberParams, request.params, 'params');
    const { role } = parseWith(grantPassportBody, request.body, 'body');
    const passport = await service.grantPassport(actor, did, role);
    return reply.status(201).send(passport);
  });

  app.delete('/api/members/:did/passports/:passportId', async (request) => {
    const actor = await requireRole(request, ['owner', 'admin']);
    const { did, passportId } = parseWith(passportParams, request.params, 'params');
    await service.revokePassport(actor, did, passportId);
    return { id: passportId, revoked: true };
  });

  app.get(`${AVATAR_PATH}/:did`, async (request, reply) => {
    const { did } = parseWith(memberParams, request.params, 'params');
    const image = await service.avatar(did);
    if (image) {
      const etag = `"${image.etag}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=300');
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'");
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(image.mimeType).send(image.data);
    }
    // No image kept: a deterministic identicon, as every user expects to see a picture. A remote
    // (https) avatar a wallet named is neither redirected to (an open redirect from our origin) nor
    // fetched (the server would request any address a wallet chooses); the identicon stands in.
    reply.header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', "default-src 'none'");
    return reply.type('image/svg+xml').send(identiconSvg(did, avatarSize(request.query)));
  });
}
