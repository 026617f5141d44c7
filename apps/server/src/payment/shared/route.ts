import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError, parseWith } from '../../core/http/errors.js';
import { runIdempotent } from '../idempotency/index.js';
import { authenticateMerchant } from '../keys/index.js';
import type { Caller, PaymentContext } from './context.js';
import { checkResponse } from './response-check.js';

/**
 * merchant: a secret API key (or a signed-in owner/admin for the admin UI); browser: anyone, the mode
 * comes from the `livemode` query; admin: a signed-in owner or admin; customer: a secret key or any
 * signed-in user (a guest gets 401). On a customer route the handler limits a caller whose actor is
 * `customer:<did>` to that user's own objects; keys and owners/admins see every object of the mode.
 */
export type RouteAuth = 'merchant' | 'browser' | 'admin' | 'customer';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteInput<B extends z.ZodType, Q extends z.ZodType> {
  body: z.infer<B>;
  query: z.infer<Q>;
  params: Record<string, string>;
  caller: Caller;
  request: FastifyRequest;
}

export interface RouteSpec<B extends z.ZodType, Q extends z.ZodType> {
  method: Method;
  /** Relative to `${mount}/api`, fastify syntax (`/products/:id`). */
  url: string;
  auth: RouteAuth;
  tag: string;
  summary: string;
  body: B;
  query: Q;
  response: z.ZodType;
  handler(input: RouteInput<B, Q>): Promise<unknown>;
  /**
   * What an Idempotency-Key record keeps of this route's answer, and so what a replay answers: a
   * create whose answer carries a one-time secret leaves it out, so no secret sits in clear in the
   * idempotency records.
   */
  storedAnswer?(answer: unknown): unknown;
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

async function callerFor(ctx: PaymentContext, auth: RouteAuth, request: FastifyRequest): Promise<Caller> {
  const expand = expandOf(request.query);
  const origin = ctx.publicBase(request);
  if (auth === 'merchant' || (auth === 'customer' && request.headers.authorization)) {
    return { ...(await authenticateMerchant(ctx, request)), expand, base: origin };
  }
  const base = { livemode: browserLivemode(request.query), idempotencyKey: null, expand, base: origin };
  if (auth === 'customer') {
    const user = await ctx.sessions.user(request);
    if (!user) throw ApiError.unauthenticated();
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

/** Registers one route: authenticates, validates query and body with its zod schemas, documents it. */
export function defineRoute<B extends z.ZodType, Q extends z.ZodType>(
  app: FastifyInstance,
  ctx: PaymentContext,
  spec: RouteSpec<B, Q>,
): void {
  ctx.openapi.add(spec);
  const check = ctx.services.config.PAYSHELF_CHECK_RESPONSES;
  app.route({
    method: spec.method,
    url: spec.url,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = await callerFor(ctx, spec.auth, request);
      const params = (request.params ?? {}) as Record<string, string>;
      const run = async () => {
        const query = parseWith(spec.query, request.query, 'query');
        const body = parseWith(spec.body, request.body, 'body');
        const answer = await spec.handler({ body, query, params, caller, request });
        if (check) checkResponse(spec, answer, request.log);
        return answer;
      };
      if (spec.auth === 'merchant' && spec.method !== 'GET') {
        return ctx.catalog.writing(() =>
          runIdempotent(ctx.db, request, reply, caller, run, spec.storedAnswer),
        );
      }
      if (spec.auth !== 'browser' && spec.method !== 'GET') return reply.send(await ctx.catalog.writing(run));
      return reply.send(await run());
    },
  });
}
