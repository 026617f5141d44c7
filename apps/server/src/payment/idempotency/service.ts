import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, fromZodError } from '../../core/http/errors.js';
import type { Db } from '../../db/database.js';
import { actorOf, type Caller } from '../shared/context.js';
import { sha256Hex } from '../shared/ids.js';
import { claim, complete, findClaim, release, type Claim } from './repo.js';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** JSON with object keys sorted, so the same body with its keys reordered is the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function sendJson(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** What the first request answered, or null for a failure on our side (which is not remembered). */
function outcome(err: unknown): { status: number; body: string } | null {
  const api = err instanceof ApiError ? err : err instanceof z.ZodError ? fromZodError(err, 'body') : null;
  if (!api || api.status >= 500) return null;
  return { status: api.status, body: JSON.stringify(api.toJSON()) };
}

/**
 * Idempotency-Key on a mutating merchant call: the first request runs and its answer (status and
 * body, errors included) is stored; a replay with the same method, path and body gets that answer
 * again (`Idempotent-Replayed: true`); the same key with a different request is refused. Keys are
 * scoped per API key (or admin session) and mode.
 */
export async function runIdempotent(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  caller: Caller,
  run: () => Promise<unknown>,
  /** What the record keeps of a success (default: all of it); a replay answers that. */
  stored: (answer: unknown) => unknown = (answer) => answer,
): Promise<FastifyReply> {
  const key = caller.idempotencyKey;
  if (key === null) return sendJson(reply, 200, JSON.stringify(await run()));
  if (!KEY_PATTERN.test(key)) {
    throw ApiError.of('idempotency_key_malformed', {}, { param: 'Idempotency-Key' });
  }
  const path = request.url.split('?')[0] ?? request.url;
  const c: Claim = {
    apiKeyId: actorOf(caller),
    livemode: caller.livemode,
    key,
    method: request.method,
    path,
    requestHash: sha256Hex(`${request.method} ${path}\n${canonicalJson(request.body ?? null)}`),
  };
  const id = await claim(db, c);
  if (id === null) {
    const first = await findClaim(db, c);
    if (!first) throw ApiError.of('idempotency_retry', {});
    if (first.requestHash !== c.requestHash) {
      throw ApiError.of('idempotency_key_reused', { key }, { param: 'Idempotency-Key', status: 400 });
    }
    if (first.statusCode === null || first.responseBody === null) {
      throw ApiError.of('idempotency_first_running', {});
    }
    reply.header('idempotent-replayed', 'true');
    return sendJson(reply, first.statusCode, first.responseBody);
  }
  let status = 200;
  let body: string;
  let kept: string;
  try {
    const answer = await run();
    body = JSON.stringify(answer);
    kept = JSON.stringify(stored(answer));
  } catch (err) {
    const known = outcome(err);
    if (!known) {
      await release(db, id);
      throw err;
    }
    status = known.status;
    body = known.body;
    kept = known.body;
  }
  await complete(db, id, status, kept);
  return sendJson(reply, status, body);
}
