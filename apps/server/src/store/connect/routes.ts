import fastifyRateLimit from '@fastify/rate-limit';
import { storeConnectRoutes as r, type StoreAccess } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
import type { Mount } from '../../core/http/route-kit.js';
import { postgresRateStore } from '../../core/http/rate-store.js';
import type { StoreContext } from '../context.js';
import { storeError } from '../errors.js';
import { publicOrigin } from '../origin.js';
import type { StoreCaller } from '../routes/kit.js';
import {
  createSession,
  pollSession,
  POLL_INTERVAL_SECONDS,
  readSession,
  SESSION_TTL_SECONDS,
  stateOf,
} from './sessions.js';

/**
 * The connect-CLI handoff (docs/store-cli.md "Connect-CLI"): the CLI starts a session with its X25519
 * key and polls it; the page reads the session's code; approval happens in the DID Connect action.
 * Starting sessions is limited per client address like sign-in tokens; polling more loosely.
 */
export async function connectCliRoutes(
  app: FastifyInstance,
  mount: Mount<StoreAccess, StoreCaller>,
  ctx: StoreContext,
): Promise<void> {
  const perMinute = ctx.services.config.CONNECT_TOKEN_RATE_PER_MINUTE;
  await app.register(async (scope) => {
    await scope.register(fastifyRateLimit, {
      global: false,
      store: postgresRateStore(ctx.services.database.pool),
      skipOnError: true,
      errorResponseBuilder: () => ApiError.of('store_connect_rate_limited', {}),
    });
    const limit = (max: number) => ({ app: scope, config: { rateLimit: { max, timeWindow: 60_000 } } });

    mount(
      r.start,
      async ({ body, request }) => {
        const row = await createSession(ctx.db, body.publicKey);
        return {
          id: row.id,
          url: `${publicOrigin(ctx, request)}/connect-cli?session=${row.id}`,
          code: row.code,
          pollInterval: POLL_INTERVAL_SECONDS,
          expiresIn: SESSION_TTL_SECONDS,
        };
      },
      limit(perMinute),
    );

    // The CLI's poll: 410 once the box was handed out or the session expired, 404 for an unknown id.
    mount(
      r.poll,
      async ({ params }) => {
        const answer = await pollSession(ctx.db, params.id);
        if (answer) return answer;
        const known = await readSession(ctx.db, params.id);
        throw storeError('store_connect_session_invalid', {}, known ? 410 : 404);
      },
      limit(perMinute * 4),
    );

    // What the approval page shows: the code to compare with the terminal, and whether it is still open.
    mount(
      r.info,
      async ({ params, request }) => {
        const row = await readSession(ctx.db, params.id);
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
      },
      { app: scope },
    );
  });
}
