import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';
import { postgresRateStore } from './rate-store.js';

export interface RateLimitSettings {
  paymentMount: string;
  analyticsPrefix: string;
  /** Checkout sessions one client address may start from payment links per minute. */
  checkoutStartPerMinute: number;
  /** Requests with a wrong or revoked secret key one client address may make per minute. */
  apiKeyFailuresPerMinute: number;
  /** Page-view and event beacons one client address may send per minute. */
  analyticsBeaconsPerMinute: number;
  /** Where the counters live (shared by every server process). */
  pool: Parameters<typeof postgresRateStore>[0];
}

type Limiter = (
  request: FastifyRequest,
  options?: { increment?: boolean },
) => Promise<{ isAllowed: boolean; isExceeded?: boolean; remaining?: number; ttlInSeconds?: number }>;

const SECRET_KEY_BEARER = /^Bearer\s/i;
/** How long a client address found under the key-failure limit skips the database on keyed calls. */
const KEY_PEEK_MS = 1000;
const KEY_PEEK_MAX = 10_000;

/** Answers 429 in the one error shape, with Retry-After in seconds. */
function refuse(reply: FastifyReply, seconds: number, key: RateLimitKey): never {
  reply.header('retry-after', String(Math.max(1, seconds)));
  throw ApiError.of(key, {});
}

type RateLimitKey = 'checkout_start_rate_limited' | 'beacon_rate_limited';

async function enforce(
  limiter: Limiter,
  request: FastifyRequest,
  reply: FastifyReply,
  key: RateLimitKey,
  increment = true,
) {
  const state = await limiter(request, { increment });
  // Counting: this request is over the limit. Peeking: the next counted one would be.
  const over = increment ? state.isExceeded : state.remaining === 0;
  if (!state.isAllowed && over) refuse(reply, state.ttlInSeconds ?? 60, key);
}

/**
 * Per-client-address limits (client address as Fastify sees it: TRUST_PROXY decides whether
 * X-Forwarded-For counts), counted in PostgreSQL so they hold across server processes:
 * - starting a checkout session from a payment link (anyone may, without signing in);
 * - secret-key guessing: only calls answered 401 count, and once over the limit a wrong key is
 *   answered 429 until the window ends, while a correct key keeps working;
 * - analytics beacons.
 * DID Connect sign-in tokens have their own limit (CONNECT_TOKEN_RATE_PER_MINUTE).
 */
export async function installRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  const limiters: { checkoutStart?: Limiter; keyFailures?: Limiter; beacons?: Limiter } = {};
  // A scope of its own: the plugin's route hooks stay out of every other module's routes.
  await app.register(async (scope) => {
    // A database outage fails the request elsewhere; the limiter itself then lets it through.
    await scope.register(fastifyRateLimit, {
      global: false,
      store: postgresRateStore(settings.pool),
      skipOnError: true,
    });
    const perMinute = (groupId: string, max: number) => {
      // `groupId` names the limiter's counters (the plugin passes it to the store's child).
      const options: Parameters<typeof scope.createRateLimit>[0] & { groupId: string } = {
        max,
        timeWindow: 60_000,
        groupId: `${groupId}|`,
      };
      return scope.createRateLimit(options);
    };
    limiters.checkoutStart = perMinute('checkout-start', settings.checkoutStartPerMinute);
    limiters.keyFailures = perMinute('key-failures', settings.apiKeyFailuresPerMinute);
    limiters.beacons = perMinute('beacons', settings.analyticsBeaconsPerMinute);
  });
  const { checkoutStart, keyFailures, beacons } = limiters;
  if (!checkoutStart || !keyFailures || !beacons) throw new Error('rate limits did not start');

  const mount = settings.paymentMount === '/' ? '' : settings.paymentMount;
  const startRoute = `${mount}/api/checkout-sessions/start/:id`;
  const beaconRoutes = new Set([`${settings.analyticsPrefix}/pv/*`, `${settings.analyticsPrefix}/evt/*`]);
  const usesKey = (request: FastifyRequest) => SECRET_KEY_BEARER.test(request.headers.authorization ?? '');

  // Addresses whose key failures were under the limit at their last peek, until when: a keyed call
  // (every merchant API call) then costs no round trip. A 401 counted here drops the address at once;
  // one counted by another process takes effect here within KEY_PEEK_MS.
  const underKeyLimit = new Map<string, number>();
  // Keyed calls from an address over the key-failure limit. The key is still checked: a correct key
  // is answered as usual, and only a wrong one is refused with 429 instead of 401, so guessers behind
  // a shared address never lock the merchant's valid key out.
  const overKeyLimit = new WeakMap<FastifyRequest, number>();
  const peekKeyFailures = async (request: FastifyRequest) => {
    const state = await keyFailures(request, { increment: false });
    if (!state.isAllowed && state.remaining === 0) {
      overKeyLimit.set(request, state.ttlInSeconds ?? 60);
      return;
    }
    if (underKeyLimit.size >= KEY_PEEK_MAX) underKeyLimit.clear();
    underKeyLimit.set(request.ip, Date.now() + KEY_PEEK_MS);
  };
  const mustPeek = (request: FastifyRequest) => {
    if (!usesKey(request)) return false;
    const until = underKeyLimit.get(request.ip);
    return until === undefined || until <= Date.now();
  };

  // Callback hooks, so a request no limit concerns costs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url;
    let key: RateLimitKey | null = null;
    let limiter: Limiter | null = null;
    if (request.method === 'POST' && route === startRoute) {
      [key, limiter] = ['checkout_start_rate_limited', checkoutStart];
    } else if (request.method === 'GET' && route !== undefined && beaconRoutes.has(route)) {
      [key, limiter] = ['beacon_rate_limited', beacons];
    }
    const peek = mustPeek(request);
    if (!limiter && !peek) return done();
    (async () => {
      if (limiter && key) await enforce(limiter, request, reply, key);
      if (peek) await peekKeyFailures(request);
    })().then(() => done(), done);
  });
  // A wrong key is counted before its 401 leaves, so the client's next call already sees the count
  // (counted after the answer, a quick retry could slip past the limit).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode !== 401 || !usesKey(request)) return done(null, payload);
    const seconds = overKeyLimit.get(request);
    if (seconds === undefined) {
      underKeyLimit.delete(request.ip);
      keyFailures(request).then(
        () => done(null, payload),
        (err: Error) => done(err),
      );
      return;
    }
    reply.code(429).header('retry-after', String(Math.max(1, seconds)));
    reply.header('content-type', 'application/json; charset=utf-8');
    // Calls with a secret key are always answered in English.
    done(null, JSON.stringify(ApiError.of('key_rate_limited', {}).toJSON()));
  });
}
