import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `signed`: the route is authenticated by a signature in the body (a wallet's DID Connect answer),
     * never by cookies, so the same-origin rule does not apply to it.
     */
    crossSite?: 'signed';
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A merchant's secret key: sent by servers, never attached by a browser on its own. */
const SECRET_KEY_BEARER = /^Bearer\s+sk_/i;
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i;
/** A store bundle uploaded from the developer pages: like JSON, a type no cross-site form can send. */
const BUNDLE_TYPE = /^application\/gzip\s*(;|$)/i;

export interface OriginFacts {
  method: string;
  /** A websocket handshake (a GET with `Upgrade: websocket`). */
  websocket: boolean;
  /** The Host the request was sent to (`request.host`). */
  host: string;
  origin: string | undefined;
  referer: string | undefined;
  contentType: string | undefined;
  hasBody: boolean;
  authorization: string | undefined;
  /** The request carries one of the cookies that authenticate a browser (session, sign-in binding). */
  cookieAuthenticated: boolean;
  /** Origin of PUBLIC_URL, accepted next to the request's own host (a TLS-terminating proxy). */
  publicOrigin: string | null;
}

export type OriginVerdict = 'allow' | 'cross_origin' | 'missing_origin' | 'not_json';

function originOf(value: string | undefined): string | null {
  if (!value || value === 'null') return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Hosts, not full origins, are compared with the request: behind a TLS-terminating proxy the request
 * looks like http while the page's Origin is https. A page of another site has another host either way.
 */
function fromUs(source: string, facts: OriginFacts): boolean {
  return new URL(source).host === facts.host || source === facts.publicOrigin;
}

/**
 * The same-origin rule, one place for every route:
 * - a websocket handshake whose Origin names another site is refused (browsers always send it);
 * - a cookie-authenticated POST/PUT/PATCH/DELETE must come from our own pages: its Origin (or, when a
 *   browser left Origin out, its Referer) must be this host or PUBLIC_URL; with neither it is refused;
 * - and its body, if any, must be declared JSON, which a cross-site HTML form cannot send;
 * - secret-key merchant calls (`Authorization: Bearer sk_…`) and cookie-less calls carry no ambient
 *   authority and are not concerned.
 */
export function sameOriginVerdict(facts: OriginFacts): OriginVerdict {
  if (facts.websocket) {
    if (facts.origin === undefined) return 'allow';
    const source = originOf(facts.origin);
    return source && fromUs(source, facts) ? 'allow' : 'cross_origin';
  }
  if (!WRITE_METHODS.has(facts.method.toUpperCase())) return 'allow';
  if (facts.authorization && SECRET_KEY_BEARER.test(facts.authorization)) return 'allow';
  if (!facts.cookieAuthenticated) return 'allow';
  if (facts.origin === undefined && facts.referer === undefined) return 'missing_origin';
  const source = facts.origin !== undefined ? originOf(facts.origin) : originOf(facts.referer);
  if (!source || !fromUs(source, facts)) return 'cross_origin';
  if (
    (facts.hasBody || facts.contentType !== undefined) &&
    !JSON_TYPE.test(facts.contentType ?? '') &&
    !BUNDLE_TYPE.test(facts.contentType ?? '')
  ) {
    return 'not_json';
  }
  return 'allow';
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function originFacts(
  request: FastifyRequest,
  credentialCookies: readonly string[],
  publicOrigin: string | null,
): OriginFacts {
  const length = header(request, 'content-length');
  return {
    method: request.method,
    websocket: request.method === 'GET' && header(request, 'upgrade')?.toLowerCase() === 'websocket',
    host: request.host,
    origin: header(request, 'origin'),
    referer: header(request, 'referer'),
    contentType: header(request, 'content-type'),
    hasBody: (length !== undefined && length !== '0') || header(request, 'transfer-encoding') !== undefined,
    authorization: header(request, 'authorization'),
    cookieAuthenticated: credentialCookies.some((name) => Boolean(request.cookies?.[name])),
    publicOrigin,
  };
}

const REFUSALS: Record<Exclude<OriginVerdict, 'allow'>, () => ApiError> = {
  cross_origin: () => ApiError.of('cross_origin_request', {}),
  missing_origin: () => ApiError.of('cross_origin_unnamed', {}),
  not_json: () => ApiError.of('body_not_json', {}, { status: 415 }),
};

/** Throws the refusal for a request that breaks the same-origin rule (also usable inside a handler). */
export function assertSameOrigin(
  request: FastifyRequest,
  credentialCookies: readonly string[],
  publicOrigin: string | null,
): void {
  if (request.routeOptions.config.crossSite === 'signed') return;
  const verdict = sameOriginVerdict(originFacts(request, credentialCookies, publicOrigin));
  if (verdict !== 'allow') throw REFUSALS[verdict]();
}

/**
 * Applies the rule to every request before its body is read or a handler runs (an onRequest hook,
 * added after @fastify/cookie's, which parses the cookies it reads).
 */
export function installSameOrigin(
  app: FastifyInstance,
  options: { credentialCookies: readonly string[]; publicOrigin: string | null },
): void {
  app.addHook('onRequest', (request, _reply, done) => {
    // Reads without a websocket upgrade are always allowed: no facts to gather.
    if (!WRITE_METHODS.has(request.method) && request.headers.upgrade === undefined) return done();
    try {
      assertSameOrigin(request, options.credentialCookies, options.publicOrigin);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}
