import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyRoute, RouteAccess } from '@payshelf/api';
import type { ContractInput } from '../../core/http/contract-route.js';
import { routeKit } from '../../core/http/route-kit.js';
import { ApiError } from '../../core/http/errors.js';
import { sendAnswer } from '../../core/http/serialized.js';
import { runIdempotent } from '../idempotency/index.js';
import { authenticateMerchant } from '../keys/index.js';
import type { Caller, PaymentContext } from './context.js';

/** Options of `serve` beyond the entry itself. */
export interface ServeOptions {
  storedAnswer?: (answer: unknown) => unknown;
}

function expandOf(query: unknown): string[] {
  if (!query || typeof query !== 'object') return [];
  const raw = Object.entries(query)
    .filter(([k]) => k === 'expand' || k === 'expand[]')
    .flatMap(([, v]: [string, unknown]) => (Array.isArray(v) ? v : [v]));
  return raw.filter((v): v is string => typeof v === 'string').slice(0, 20);
}

function browserLivemode(query: unknown): boolean {
  const value = query && typeof query === 'object' ? (query as Record<string, unknown>).livemode : undefined;
  return !(value === 'false' || value === '0');
}

/**
 * The caller of a payment route by its access. merchant: a secret API key (or a signed-in
 * owner/admin for the admin UI); browser: anyone, the mode comes from the `livemode` query; admin: a signed-in owner or admin; customer: a secret key or any
 * signed-in user (a guest gets 401). On a customer route the handler limits a caller whose actor is
 * `customer:<did>` to that user's own objects; keys and owners/admins see every object of the mode.
 */
export async function callerFor(
  ctx: PaymentContext,
  auth: RouteAccess,
  request: FastifyRequest,
): Promise<Caller> {
  const expand = expandOf(request.query);
  const origin = ctx.publicBase(request);
  if (auth === 'merchant' || (auth === 'customer' && request.headers.authorization)) {
    return { ...(await authenticateMerchant(ctx, request)), expand, base: origin };
  }
  const base = { livemode: browserLivemode(request.query), idempotencyKey: null, expand, base: origin };
  if (auth === 'customer') {
    const user = await ctx.sessions.user(request);
    if (!user) throw ApiError.of('unauthenticated', {});
    const kind = ctx.sessions.isAdmin(user) ? 'admin' : 'customer';
    return { ...base, kind, did: user.did };
  }
  if (auth === 'admin') {
    const admin = await ctx.sessions.requireAdmin(request);
    return { ...base, kind: 'admin', did: admin.did };
  }
  const user = await ctx.sessions.user(request);
  return { ...base, kind: 'browser', did: user?.did ?? null };
}

/**
 * The answer of one call: merchant writes, and a secret key's writes on customer routes (cancel,
 * update, pay… called from a server), are idempotent (Idempotency-Key) and clear the catalog cache
 * around them.
 */
function sender(ctx: PaymentContext, entry: AnyRoute, options: ServeOptions) {
  return (request: FastifyRequest, reply: FastifyReply, caller: Caller, run: () => Promise<unknown>) => {
    const keyWrite = entry.access === 'merchant' || (entry.access === 'customer' && caller.kind === 'key');
    if (keyWrite && entry.method !== 'GET') {
      return ctx.catalog.writing(() =>
        runIdempotent(ctx.db, request, reply, caller, run, options.storedAnswer),
      );
    }
    if (entry.access !== 'browser' && entry.method !== 'GET')
      return ctx.catalog.writing(run).then((a) => sendAnswer(reply, a));
    return run().then((a) => sendAnswer(reply, a));
  };
}

/**
 * Serves one entry of the route table (`@payshelf/api` routes): authenticates the caller its access
 * names, validates with its schemas (core/http/contract-route.ts) and documents it in OpenAPI.
 */
export function serve<E extends AnyRoute>(
  app: FastifyInstance,
  ctx: PaymentContext,
  entry: E,
  handler: (input: ContractInput<E, Caller>) => Promise<unknown>,
  options: ServeOptions = {},
): void {
  const around = sender(ctx, entry, options);
  routeKit<RouteAccess, Caller>(app, '', {
    registry: ctx.openapi,
    authenticate: (access, request) => callerFor(ctx, access, request),
    around: (_entry, request, reply, caller, run) => around(request, reply, caller, run),
    checkResponses: ctx.services.config.PAYSHELF_CHECK_RESPONSES,
  })(entry, handler as (input: ContractInput<AnyRoute, Caller>) => Promise<unknown>);
}
