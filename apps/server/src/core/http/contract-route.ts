// The server side of the route contract (`@payshelf/api` route entries): registers an entry's method
// and path with Fastify, authenticates first, then validates params, query and body with the entry's
// schemas and (with PAYSHELF_CHECK_RESPONSES) checks the answer against its response schema. Who the
// caller is and what wraps a run (idempotency, cache invalidation) is the part's own business.
import type { AnyRoute, PathParams } from '@payshelf/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { parseWith } from './errors.js';
import { checkResponse } from './response-check.js';
import { REPLY_SENT, sendAnswer } from './serialized.js';

export interface ContractInput<E extends Pick<AnyRoute, 'path' | 'query' | 'body'>, C> {
  params: PathParams<E['path']>;
  query: z.infer<E['query']>;
  body: z.infer<E['body']>;
  caller: C;
  request: FastifyRequest;
  /** For a file answer: the handler sends it and returns `reply`. */
  reply: FastifyReply;
}

export interface ContractServing<E extends AnyRoute, C> {
  /** Who calls (throws 401/403 before any input is read). */
  authenticate(request: FastifyRequest): Promise<C>;
  handler(input: ContractInput<E, C>): Promise<unknown>;
  /**
   * Sends the answer of `run` (validation and handler; REPLY_SENT when the handler sent a file itself)
   * with `sendAnswer`; by default `sendAnswer(reply, await run())`.
   */
  around?(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: C,
    run: () => Promise<unknown>,
  ): Promise<unknown>;
  /** Parse every answer with the response schema (tests and e2e). */
  checkResponses: boolean;
  /** Fastify route config (a per-route rate limit). */
  config?: Record<string, unknown>;
  /** Runs before anything else of the route (a refusal that must precede input validation). */
  onRequest?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

export function serveRoute<E extends AnyRoute, C>(
  app: FastifyInstance,
  entry: E,
  serving: ContractServing<E, C>,
): void {
  app.route({
    method: entry.method,
    url: entry.path,
    ...(serving.config ? { config: serving.config } : {}),
    ...(serving.onRequest ? { onRequest: serving.onRequest } : {}),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = await serving.authenticate(request);
      const run = async () => {
        const params = parseWith(entry.params, request.params, 'params') as PathParams<E['path']>;
        const query = parseWith(entry.query, request.query, 'query') as z.infer<E['query']>;
        const body = parseWith(entry.body, request.body, 'body') as z.infer<E['body']>;
        const answer = await serving.handler({ params, query, body, caller, request, reply });
        // A file answer is sent by the handler itself, which returns the reply. A reply is a thenable
        // that settles when the response is finished, so the awaited answer is then undefined: ask the reply.
        if (answer === reply || reply.sent) return REPLY_SENT;
        if (serving.checkResponses) checkResponse(entry, answer, request.log);
        if (entry.status) reply.status(entry.status);
        return answer;
      };
      if (serving.around) return serving.around(request, reply, caller, run);
      return sendAnswer(reply, await run());
    },
  });
}
