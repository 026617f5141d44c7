import { errorBody } from '@payshelf/api';
import type { z } from 'zod';

/** A failed merchant call: the server's message, code and (for validation errors) the field in `param`. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly param: string | undefined,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

export type QueryValue = string | number | boolean | undefined | null;

/**
 * Address of a merchant call under the payment mount point ('/payment' or '/'), with `livemode`
 * and any other non-empty query values.
 */
export function apiUrl(
  mountPoint: string,
  path: string,
  livemode: boolean,
  query: Record<string, QueryValue> = {},
): string {
  const base = mountPoint === '/' ? '' : mountPoint;
  const params = new URLSearchParams({ livemode: String(livemode) });
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return `${base}/api${path}?${params.toString()}`;
}

/** Reads the one error shape; anything else becomes a failure named by its HTTP status. */
export function failureOf(status: number, body: unknown): ApiFailure {
  const parsed = errorBody.safeParse(body);
  if (!parsed.success) return new ApiFailure(`HTTP ${status}`, status, undefined, undefined);
  const { message, code, param } = parsed.data.error;
  return new ApiFailure(message, status, code, param);
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One merchant call with the session cookie. Mutations carry a fresh Idempotency-Key, so a retried
 * request is answered once. The answer is checked against the shared contract.
 */
export async function apiRequest<S extends z.ZodType>(
  schema: S,
  url: string,
  method: Method = 'GET',
  body?: unknown,
  signal?: AbortSignal,
): Promise<z.infer<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['idempotency-key'] = crypto.randomUUID();
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) throw failureOf(res.status, json);
  return schema.parse(json);
}
