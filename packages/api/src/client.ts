// One typed client for the route table: takes an entry and typed inputs, calls the server with the
// session cookie, answers the response parsed by the entry's schema, and throws ApiCallError with the
// one error shape ({ error: { type, code, message, param } }) for any failed call.
import { z } from 'zod';
import {
  fillPath,
  type AnswerOf,
  type BodyOf,
  type ParamNames,
  type PathParams,
  type RouteEntry,
} from './routes/define.js';

/** An entry of any part's table (payment, store, platform): each part has its own access values. */
export type CallableRoute = RouteEntry<string, z.ZodType, z.ZodType, z.ZodType, string>;

export type QueryValue = string | number | boolean | undefined | null;

/** A failed call: the server's message, code and (for validation errors) `param`, and the raw answer. */
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly param: string | undefined,
    readonly response: { status: number; data: unknown },
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

/** Lenient reading of the error shape: a body without it becomes a failure named by its status. */
const errorAnswer = z.object({
  error: z.object({ code: z.string().optional(), message: z.string(), param: z.string().optional() }),
});

export function callErrorOf(status: number, data: unknown): ApiCallError {
  const parsed = errorAnswer.safeParse(data);
  const { message, code, param } = parsed.success ? parsed.data.error : { message: `HTTP ${status}` };
  return new ApiCallError(message, status, code, param, { status, data });
}

export interface ClientOptions {
  /** The API root, e.g. `/payment/api` (no trailing slash). */
  base: string;
  /** Query values every call carries first (e.g. `livemode`); a call's own query comes after. */
  query?: Record<string, QueryValue>;
  /** Send a fresh Idempotency-Key with every mutation, so a retried request is answered once. */
  idempotent?: boolean;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

type QueryInput<E extends CallableRoute> = { [K in keyof z.input<E['query']>]?: QueryValue };

export type CallInput<E extends CallableRoute> = (ParamNames<E['path']> extends never
  ? { params?: Record<string, never> }
  : { params: PathParams<E['path']> }) & {
  query?: QueryInput<E>;
  body?: BodyOf<E>;
};

/** The address of a call: `{base}{path}?{options.query}&{query}`, empty values left out. */
export function routeUrl<E extends CallableRoute>(
  entry: E,
  input: { params?: Record<string, string>; query?: Record<string, QueryValue> },
  options: Pick<ClientOptions, 'base' | 'query'>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...options.query, ...input.query })) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${options.base}${fillPath(entry.path, input.params ?? {})}${search ? `?${search}` : ''}`;
}

/** Calls one route of the table and answers its parsed response. */
export async function callRoute<E extends CallableRoute>(
  entry: E,
  input: CallInput<E>,
  options: ClientOptions,
): Promise<AnswerOf<E>> {
  const { params, query, body } = input as {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  };
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotent && entry.method !== 'GET') headers['idempotency-key'] = crypto.randomUUID();
  const res = await (options.fetch ?? fetch)(routeUrl(entry, { params, query }, options), {
    method: entry.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal: options.signal,
  });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) throw callErrorOf(res.status, data);
  return entry.response.parse(data) as AnswerOf<E>;
}
