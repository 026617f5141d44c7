import type { ConnectRequest, ConnectResponse } from '@arcblock/did-connect-js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { trackingWrites, writesSettled } from './chain-writes.js';

/** An Express-style middleware as did-connect-js writes them. */
export type ConnectMiddleware = (req: ConnectRequest, res: ConnectResponse, next: () => void) => unknown;

/** What a handler answered: through `jsonp` (its success and processing-error path) or `json`. */
export interface Captured {
  via: 'json' | 'jsonp';
  status: number;
  body: unknown;
}

export interface HttpPair {
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Headers a client could forge to change the URLs we sign, unless a trusted proxy sets them. */
const PROXY_HEADERS = /^(x-forwarded-|x-real-|x-path-prefix$)/;
/** Headers and params the library reads that we do not use; dropped so a client cannot steer it. */
const IGNORED_HEADERS = new Set(['x-user-did', 'x-device-did']);
const IGNORED_PARAMS = new Set([
  'previousWorkflowData',
  'notrace',
  'sourceToken',
  'nw',
  'forceConnected',
  'connectedDid',
  'connectedPk',
]);

const pairs = new WeakMap<ConnectRequest, HttpPair>();

/** The Fastify request and reply behind a library request, for hooks that set cookies. */
export function httpOf(req: ConnectRequest): HttpPair {
  const pair = pairs.get(req);
  if (!pair) throw new Error('DID Connect request without its HTTP request');
  return pair;
}

function cleanParams(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([k]) => !IGNORED_PARAMS.has(k)));
}

/** Picks the one of `languages` the client prefers (only en-US and zh-CN are ever asked for). */
export function negotiateLanguage(header: string, languages: string[]): string | false {
  const wanted = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((r) => r.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const hit = languages.find(
      (l) => l.toLowerCase() === tag || l.toLowerCase().split('-')[0] === tag.split('-')[0],
    );
    if (hit) return hit;
  }
  return languages[0] ?? false;
}

/** Builds the Express-shaped request did-connect-js expects from a Fastify request. */
export function toConnectRequest(
  pair: HttpPair,
  options: { trustProxy: boolean; query?: Record<string, unknown>; body?: Record<string, unknown> },
): ConnectRequest {
  const { request } = pair;
  const headers: Record<string, string | string[] | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (IGNORED_HEADERS.has(name) || name === 'cookie') continue;
    if (!options.trustProxy && PROXY_HEADERS.test(name)) continue;
    headers[name] = value;
  }
  const header = (name: string): string | undefined => {
    const v = headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  };
  const req: ConnectRequest = {
    body: options.body ?? cleanParams(request.body),
    query: options.query ?? cleanParams(request.query),
    params: {},
    headers,
    cookies: {},
    protocol: request.protocol,
    originalUrl: request.url,
    get: header,
    acceptsLanguages: (...languages: string[]) =>
      negotiateLanguage(header('accept-language') ?? '', languages),
  };
  pairs.set(req, pair);
  return req;
}

/**
 * Runs a middleware chain and resolves with what it answered. Handlers may answer without awaiting
 * (the library's signed `jsonp` is async), so we wait for the answer itself, not for the chain; and
 * for the token-store writes the chain started, so what it recorded is readable once it has answered.
 */
export function runChain(
  req: ConnectRequest,
  chain: ConnectMiddleware[],
  timeoutMs = 15_000,
): Promise<Captured> {
  return new Promise<Captured>((resolve, reject) => {
    let done = false;
    const started = new Set<Promise<unknown>>();
    const timer = setTimeout(() => fail(new Error('DID Connect handler did not answer')), timeoutMs);
    function finish(captured: Captured) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void writesSettled(started).then(() => resolve(captured));
    }
    function fail(err: unknown) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      reject(err instanceof Error ? err : new Error(String(err)));
    }
    const res: ConnectResponse = {
      json: (body: unknown) => finish({ via: 'json', status: 200, body }),
      jsonp: (body: unknown) => finish({ via: 'jsonp', status: 200, body }),
      status: (status: number) => ({ json: (body: unknown) => finish({ via: 'json', status, body }) }),
    };
    const step = (index: number) => {
      const fn = chain[index];
      if (!fn) return fail(new Error('DID Connect chain ended without an answer'));
      Promise.resolve()
        .then(() => fn(req, res, () => step(index + 1)))
        .catch(fail);
    };
    trackingWrites(started, () => step(0));
  });
}

/**
 * Makes a signed `jsonp` (installed by the library's ensureSignedJson) report failures to the chain
 * instead of leaving an unhandled rejection; put it right after ensureSignedJson.
 */
export const guardSignedJson: ConnectMiddleware = (_req, res, next) => {
  const signed = res.jsonp;
  res.jsonp = (body: unknown) => {
    Promise.resolve(signed.call(res, body)).catch((err: unknown) => {
      res.status(500).json({ error: err instanceof Error ? err.message : 'signing failed' });
    });
  };
  next();
};
