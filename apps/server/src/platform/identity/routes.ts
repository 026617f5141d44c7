import { platformIdentityRoutes as r } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { platformMount, platformUser } from './routes-kit.js';
import { sessionOf } from './guard.js';
import { avatarSize, identiconSvg } from './identicon.js';
import type { IdentityService } from './service.js';
import { clearSessionCookie } from './session-cookie.js';

/** `/api/session`, `/api/members…`, the user centre's `/api/user/…` and the avatar images. */
export function identityRoutes(
  app: FastifyInstance,
  service: IdentityService,
  checkResponses: boolean,
): void {
  const mount = platformMount(app, checkResponses);

  mount(r.session, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    const session = await sessionOf(request);
    return { initialized: true, user: session?.user ?? null };
  });

  mount(r.logout, async ({ request, reply }) => {
    const session = await sessionOf(request);
    if (session) await service.revokeSession(session.sessionId);
    clearSessionCookie(request, reply);
    return { initialized: true, user: null };
  });

  mount(r.members, async ({ query }) => service.listMembers(query));

  mount(r.grant, async ({ caller, params, body }) =>
    service.grantPassport(platformUser(caller), params.did, body.role),
  );

  mount(r.revoke, async ({ caller, params }) => {
    await service.revokePassport(platformUser(caller), params.did, params.passportId);
    return { id: params.passportId, revoked: true as const };
  });

  mount(r.avatar, async ({ params, request, reply }) => {
    const { did } = params;
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
