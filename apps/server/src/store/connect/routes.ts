import fastifyRateLimit from '@fastify/rate-limit';
import { connectSessionCreate, connectSessionId, type ConnectSessionInfo } from '@payshelf/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, parseWith } from '../../core/http/errors.js';
import { postgresRateStore } from '../../core/http/rate-store.js';
import type { StoreContext } from '../context.js';
import { storeError } from '../errors.js';
import {
  createSession,
  pollSession,
  POLL_INTERVAL_SECONDS,
  readSession,
  SESSION_TTL_SECONDS,
  stateOf,
} from './sessions.js';

function origin(ctx: StoreContext, request: FastifyRequest): string {
  const configured = ctx.services.config.PUBLIC_URL;
  return configured ? new URL(configured).origin : `${request.protocol}://${request.host}`;
}

/**
 * The connect-CLI handoff (docs/store-cli.md "Connect-CLI"): the CLI starts a session with its X25519
 * key and polls it; the page reads the session's code; approval happens in the DID Connect action.
 * Starting sessions is limited per client address like sign-in tokens; polling more loosely.
 */
export async function connectCliRoutes(app: FastifyInstance, ctx: StoreContext): Promise<void> {
  const base = `${ctx.mount}/api/connect-cli/sessions`;
  const perMinute = ctx.services.config.CONNECT_TOKEN_RATE_PER_MINUTE;
  await app.register(async (scope) => {
    await scope.register(fastifyRateLimit, {
      global: false,
      store: postgresRateStore(ctx.services.database.pool),
      skipOnError: true,
      errorResponseBuilder: () => ApiError.of('store_connect_rate_limited', {}),
    });

    scope.post(
      base,
      { config: { rateLimit: { max: perMinute, timeWindow: 60_000 } } },
      async (request, reply) => {
        const { publicKey } = parseWith(connectSessionCreate, request.body, 'body');
        const row = await createSession(ctx.db, publicKey);
        return reply.status(201).send({
          id: row.id,
          url: `${origin(ctx, request)}/connect-cli?session=${row.id}`,
          code: row.code,
          pollInterval: POLL_INTERVAL_SECONDS,
          expiresIn: SESSION_TTL_SECONDS,
        });
      },
    );

    // The CLI's poll: 410 once the box was handed out or the session expired, 404 for an unknown id.
    scope.get(
      `${base}/:id`,
      { config: { rateLimit: { max: perMinute * 4, timeWindow: 60_000 } } },
      async (request) => {
        const { id } = parseWith(connectSessionId, request.params, 'params');
        const answer = await pollSession(ctx.db, id);
        if (answer) return answer;
        const known = await readSession(ctx.db, id);
        throw storeError('store_connect_session_invalid', {}, known ? 410 : 404);
      },
    );

    // What the approval page shows: the code to compare with the terminal, and whether it is still open.
    scope.get(`${base}/:id/info`, async (request): Promise<ConnectSessionInfo> => {
      const { id } = parseWith(connectSessionId, request.params, 'params');
      const row = await readSession(ctx.db, id);
      const state = stateOf(row);
      // An approved session stays visible (as approved) until it expires, so the page can say so.
      const expired = !row || row.expiresAt <= new Date();
      if (expired || (state === 'gone' && row.status !== 'approved'))
        throw storeError('store_connect_session_invalid', {}, 410);
      const user = await ctx.user(request);
      return {
        code: row.code,
        status: row.status,
        expiresAt: row.expiresAt.toISOString(),
        approvedByYou: user !== null && row.approvedBy === user.did,
      };
    });
  });
}
