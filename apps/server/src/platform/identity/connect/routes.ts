import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ApiError, parseWith } from '../../../core/http/errors.js';
import { secureCookies } from '../session-cookie.js';
import type { ConnectAction } from './action.js';
import {
  guardSignedJson,
  runChain,
  toConnectRequest,
  type Captured,
  type ConnectMiddleware,
} from './adapter.js';
import { withFreshToken } from './fresh-token.js';
import { checkAnswer, refuseFinished } from './guards.js';
import { hashSecret, newSecret, safeEqual, type LinkSigner } from './secrets.js';
import type { PgTokenStorage } from './storage.js';

export interface ConnectHandlers {
  generateSession: ConnectMiddleware;
  checkSession: ConnectMiddleware;
  expireSession: ConnectMiddleware;
  onAuthRequest: ConnectMiddleware;
  onAuthResponse: ConnectMiddleware;
  ensureContext: ConnectMiddleware;
  ensureSignedJson: ConnectMiddleware;
}

export interface ConnectRouteOptions {
  action: ConnectAction;
  base: string;
  storage: PgTokenStorage;
  handlers: ConnectHandlers;
  links: LinkSigner;
  authenticator: { uri(p: { baseUrl: string; pathname: string; token: string }): string };
  trustProxy: boolean;
  publicUrl: string | undefined;
  tokenRatePerMinute: number;
  devWallet: { approve(deepLink: string): Promise<{ did: string }> } | null;
  log: Logger;
}

/** The httpOnly cookie that ties a token to the browser that created it (path-scoped to DID Connect). */
export const BINDING_COOKIE = 'payshelf_connect';
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const tokenQuery = z.object({ _t_: z.string().min(1).max(64) });
const tokenBase = z.object({ locale: z.enum(['en', 'zh']).optional() });
const statusValue = z.enum(['created', 'scanned', 'succeed', 'error', 'busy', 'forbidden']);
const libraryRecord = z.looseObject({
  token: z.string(),
  status: statusValue,
  error: z.string().optional(),
  did: z.string().optional(),
});
const libraryError = z.looseObject({ error: z.string() });

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
}

/** Registers `/api/did/{action}/{token,status,timeout,auth}` (and `dev-approve` on test installs). */
export function connectRoutes(app: FastifyInstance, o: ConnectRouteOptions): void {
  const { handlers: h } = o;
  const run = (
    request: FastifyRequest,
    reply: FastifyReply,
    chain: ConnectMiddleware[],
    query?: Record<string, unknown>,
  ) =>
    runChain(
      toConnectRequest(
        { request, reply },
        { trustProxy: o.trustProxy, ...(query ? { query, body: {} } : {}) },
      ),
      chain,
    );

  /** Anything the library answered through its error path is logged and shown generically. */
  const failed = (captured: Captured, what: string): ApiError => {
    o.log.warn({ action: o.action.name, what, body: captured.body }, 'DID Connect request failed');
    return ApiError.of('internal_error', {});
  };

  /** Only the browser holding the binding secret may see or end a token; a gone token is a 404. */
  const requireBinding = async (request: FastifyRequest, token: string): Promise<void> => {
    const stored = await o.storage.bindingOf(token);
    if (!stored) throw ApiError.of('connect_token_expired', {});
    const secret = request.cookies[BINDING_COOKIE];
    if (!secret || !safeEqual(hashSecret(secret), stored)) {
      throw ApiError.of('connect_other_browser', {});
    }
  };

  const params = o.action.params ? tokenBase.extend(o.action.params.shape) : tokenBase;
  const createToken = async (request: FastifyRequest, reply: FastifyReply) => {
    const input = parseWith(params, { ...asObject(request.body), ...asObject(request.query) }, 'query');
    const fresh = await withFreshToken(() => run(request, reply, [h.generateSession], input));
    const captured = fresh.result;
    const created = z
      .object({
        token: z.string(),
        url: z.string(),
        appInfo: z.looseObject({
          name: z.string(),
          description: z.string(),
          icon: z.string(),
          link: z.string().optional(),
        }),
      })
      .safeParse(captured.body);
    if (!created.success) throw failed(captured, 'token');
    const token = fresh.token;
    const existing = request.cookies[BINDING_COOKIE];
    const secret = existing && SECRET_SHAPE.test(existing) ? existing : newSecret();
    await o.storage.bind(token, hashSecret(secret));
    reply.setCookie(BINDING_COOKIE, secret, {
      path: '/api/did',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies(request),
      maxAge: 24 * 3600,
    });
    reply.header('cache-control', 'no-store');
    const { name, description, icon, link } = created.data.appInfo;
    return {
      token,
      status: 'created' as const,
      url: created.data.url,
      appInfo: { name, description, icon, ...(link ? { link } : {}) },
      expiresIn: o.storage.ttlSeconds,
      devWallet: o.devWallet !== null,
    };
  };
  const rateLimit = {
    rateLimit: { max: o.tokenRatePerMinute, timeWindow: 60_000 },
  };
  app.get(`${o.base}/token`, { config: rateLimit }, createToken);
  app.post(`${o.base}/token`, { config: rateLimit }, createToken);

  app.get(`${o.base}/status`, async (request, reply) => {
    const { _t_: token } = parseWith(tokenQuery, request.query, 'query');
    await requireBinding(request, token);
    const captured = await run(request, reply, [h.ensureContext, h.checkSession]);
    reply.header('cache-control', 'no-store');
    const refusal = libraryError.safeParse(captured.body);
    if (captured.status === 403 && refusal.success) {
      throw ApiError.of('connect_wallet_refused', { reason: refusal.data.error.slice(0, 300) });
    }
    if (captured.status >= 400) {
      throw ApiError.of('connect_token_expired', {});
    }
    const record = libraryRecord.safeParse(captured.body);
    if (captured.via === 'jsonp' || !record.success) throw failed(captured, 'status');
    const { status, error, did } = record.data;
    return { token, status, ...(error ? { error } : {}), ...(did ? { did } : {}) };
  });

  app.get(`${o.base}/timeout`, async (request, reply) => {
    const { _t_: token } = parseWith(tokenQuery, request.query, 'query');
    await requireBinding(request, token);
    const captured = await run(request, reply, [h.ensureContext, h.expireSession]);
    if (captured.status >= 400 || captured.via === 'jsonp') throw failed(captured, 'timeout');
    return { token };
  });

  const walletReply = (reply: FastifyReply, captured: Captured) => {
    if (captured.status >= 500) throw failed(captured, 'auth');
    reply.header('cache-control', 'no-store');
    return reply.status(200).send(captured.body);
  };
  app.get(`${o.base}/auth`, async (request, reply) => {
    const query = asObject(request.query);
    const token = typeof query._t_ === 'string' ? query._t_ : '';
    if (!o.links.verify(token, query._s_)) throw ApiError.of('connect_link_invalid', {});
    const chain = [h.ensureContext, h.ensureSignedJson, guardSignedJson, refuseFinished, h.onAuthRequest];
    return walletReply(reply, await run(request, reply, chain));
  });
  app.post(
    `${o.base}/auth`,
    { bodyLimit: 256 * 1024, config: { crossSite: 'signed' } },
    async (request, reply) => {
      const chain = [
        h.ensureContext,
        h.ensureSignedJson,
        guardSignedJson,
        refuseFinished,
        checkAnswer,
        h.onAuthResponse,
      ];
      return walletReply(reply, await run(request, reply, chain));
    },
  );

  const devWallet = o.devWallet;
  if (!devWallet) return;
  const devApproveBody = z.object({ token: z.string().min(1).max(64) });
  app.post(`${o.base}/dev-approve`, async (request) => {
    const { token } = parseWith(devApproveBody, request.body, 'body');
    await requireBinding(request, token);
    const baseUrl = o.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
    const link = o.authenticator.uri({ baseUrl, pathname: `${o.base}/auth`, token });
    try {
      const { did } = await devWallet.approve(link);
      return { did, status: 'ok' as const };
    } catch (err) {
      const reason = err instanceof Error ? err.message.slice(0, 300) : '';
      throw ApiError.of('dev_wallet_refused', { reason }, { status: 409 });
    }
  });
}
