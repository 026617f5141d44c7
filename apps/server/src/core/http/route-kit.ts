// The one way a part (payment, store, platform) mounts its route-table entries: each entry is
// documented in the part's OpenAPI registry and served through `serveRoute` with the caller its
// `access` names. A part supplies one `authenticate` for all its access values, so a route cannot
// forget its gate: an access value the part does not know is refused before the handler runs.
import type { AnyRoute } from '@payshelf/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serveRoute, type ContractInput } from './contract-route.js';
import type { OpenApiRegistry } from './openapi/index.js';

export interface RouteKit<A extends string, C> {
  /** The part's OpenAPI registry: every served entry is added to it. */
  registry: OpenApiRegistry<A>;
  /** The caller of a route with `access`; throws 401/403 when the request may not call it. */
  authenticate(access: A, request: FastifyRequest): Promise<C>;
  /** Wraps a run (idempotency, cache invalidation); by default the answer is sent as it is. */
  around?(
    entry: AnyRoute,
    request: FastifyRequest,
    reply: FastifyReply,
    caller: C,
    run: () => Promise<unknown>,
  ): Promise<unknown>;
  checkResponses: boolean;
}

/** An entry of a part's table: its access is one of that part's access values. */
export type PartRoute<A extends string> = Omit<AnyRoute, 'access'> & { access: A };

/** Where and how one entry is served, beyond the part's defaults. */
export interface MountOptions {
  /** An encapsulated instance (its content-type parsers, hooks, plugins) instead of the part's. */
  app?: FastifyInstance;
  prefix?: string;
  /** Fastify route config (a per-route rate limit). */
  config?: Record<string, unknown>;
  /** Runs before the gate and input validation. */
  onRequest?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

export interface Mount<A extends string, C> {
  <E extends PartRoute<A>>(
    entry: E,
    handler: (input: ContractInput<E, C>) => Promise<unknown>,
    options?: MountOptions,
  ): void;
}

/** Returns `mount(entry, handler)` for one part: documents and serves each entry under `prefix`. */
export function routeKit<A extends string, C>(
  app: FastifyInstance,
  prefix: string,
  kit: RouteKit<A, C>,
): Mount<A, C> {
  return (entry, handler, options = {}) => {
    const asRoute = entry as unknown as AnyRoute;
    kit.registry.add(entry);
    const around = kit.around;
    serveRoute<AnyRoute, C>(
      options.app ?? app,
      { ...asRoute, path: `${options.prefix ?? prefix}${entry.path}` },
      {
        authenticate: (request) => kit.authenticate(entry.access, request),
        handler: handler as (input: ContractInput<AnyRoute, C>) => Promise<unknown>,
        ...(around
          ? { around: (request, reply, caller, run) => around(asRoute, request, reply, caller, run) }
          : {}),
        checkResponses: kit.checkResponses,
        ...(options.config ? { config: options.config } : {}),
        ...(options.onRequest ? { onRequest: options.onRequest } : {}),
      },
    );
  };
}
