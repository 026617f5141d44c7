// The route contract: one entry per operation (method, path, params, query, body, response, who may
// call it). The server registers and validates routes from it, the OpenAPI document is rendered from
// it, and the web client calls through it, so the three cannot drift apart.
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call. merchant: a secret API key (or a signed-in owner/admin for the admin UI); browser:
 * anyone, the mode from the `livemode` query; admin: a signed-in owner or admin; customer: a secret key
 * or any signed-in user, a customer seeing only their own objects (a guest gets 401).
 */
export type RouteAccess = 'merchant' | 'browser' | 'admin' | 'customer';

/** The `:name` segments of a path, e.g. `'id'` for `/checkout-sessions/:id/tx`. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

export interface RouteEntry<
  P extends string = string,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends string = RouteAccess,
> {
  method: HttpMethod;
  /** Relative to `{mount}/api`, with `:name` parameters (`/checkout-sessions/:id/tx`). */
  path: P;
  /** One string per `:name` of the path (built from it). */
  params: z.ZodType<PathParams<P>>;
  query: Q;
  body: B;
  response: R;
  access: A;
  /** OpenAPI grouping and one-line description. */
  tag: string;
  summary: string;
  /** The success status when it is not 200 (201 for a create). */
  status?: 201;
  /** The content type of an answer that is a file (a bundle, an image), not JSON. */
  file?: string;
  /** The content type of a request body that is a file (an uploaded bundle), not JSON. */
  bodyType?: string;
}

export type AnyRoute = RouteEntry<string, z.ZodType, z.ZodType, z.ZodType>;
/** An entry of any part's table, whatever its access values (the store's, the platform's). */
type PartRoute = RouteEntry<string, z.ZodType, z.ZodType, z.ZodType, string>;
export type QueryOf<E extends PartRoute> = z.input<E['query']>;
export type BodyOf<E extends PartRoute> = z.input<E['body']>;
export type AnswerOf<E extends PartRoute> = z.output<E['response']>;

const none = z.object({});
/** The schema of an absent query or body (`{}`). */
export type NoInput = typeof none;

/** One string per `:name` segment of `path`. */
export function paramsSchema<P extends string>(path: P): z.ZodType<PathParams<P>> {
  const names = [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');
  return z.object(Object.fromEntries(names.map((n) => [n, z.string()]))) as unknown as z.ZodType<
    PathParams<P>
  >;
}

/** Builds an entry; `params` comes from the path, `query` and `body` default to `{}`. */
export function route<
  P extends string,
  R extends z.ZodType,
  Q extends z.ZodType = typeof none,
  B extends z.ZodType = typeof none,
>(entry: {
  method: HttpMethod;
  path: P;
  access: RouteAccess;
  tag: string;
  summary: string;
  response: R;
  query?: Q;
  body?: B;
}): RouteEntry<P, Q, B, R> {
  return {
    ...entry,
    params: paramsSchema(entry.path),
    query: (entry.query ?? none) as Q,
    body: (entry.body ?? none) as B,
  };
}

/** What a part's builder takes: `route`'s fields, a part's own access, and the optional extras. */
export interface PartEntryInput<
  P extends string,
  R extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  A extends string,
> {
  method: HttpMethod;
  path: P;
  access: A;
  tag: string;
  summary: string;
  response: R;
  /** A schema of its own (a DID that drops its `did:abt:` prefix); by default one string per `:name`. */
  params?: z.ZodType<PathParams<P>>;
  query?: Q;
  body?: B;
  status?: 201;
  file?: string;
  bodyType?: string;
}

/** The entry builder of a part whose access values are `A` (the store's, the platform's). */
export function partRoute<A extends string>() {
  return <
    P extends string,
    R extends z.ZodType,
    Q extends z.ZodType = NoInput,
    B extends z.ZodType = NoInput,
  >(
    entry: PartEntryInput<P, R, Q, B, A>,
  ): RouteEntry<P, Q, B, R, A> => ({
    ...entry,
    params: entry.params ?? paramsSchema(entry.path),
    query: (entry.query ?? none) as Q,
    body: (entry.body ?? none) as B,
  });
}

/** The path with its parameters filled in (each encoded), e.g. `/checkout-sessions/cs_1/tx`. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
}
