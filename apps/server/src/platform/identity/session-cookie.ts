import type { FastifyReply, FastifyRequest } from 'fastify';

/** The session cookie: a random token whose SHA-256 is the session row's key. */
export const SESSION_COOKIE = 'payshelf_session';

/** Cookies get Secure when the request came over https, or the install's public address is https. */
export function secureCookies(request: FastifyRequest): boolean {
  return (
    request.protocol === 'https' || (request.server.identity.publicOrigin?.startsWith('https:') ?? false)
  );
}

function options(request: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: secureCookies(request) };
}

/**
 * The cookie lives as long as the session's hard limit; idle expiry is enforced on the row, which
 * slides with use, so the cookie never needs re-issuing.
 */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
) {
  reply.setCookie(SESSION_COOKIE, token, { ...options(request), maxAge: Math.floor(maxAgeSeconds) });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, options(request));
}
