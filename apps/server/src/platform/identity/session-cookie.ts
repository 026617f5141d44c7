import type { FastifyReply, FastifyRequest } from 'fastify';
import { secureCookies, SESSION_COOKIE } from './guard.js';

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
