import { ApiCallError, callErrorOf } from '@payshelf/api';
import type { z } from 'zod';

/**
 * A failed call: the server's message, code and (for validation errors) the field in `param`. The one
 * error class of the route-table client (`@payshelf/api` client.ts), so every page checks one type.
 */
export { ApiCallError as ApiFailure };
type ApiFailure = ApiCallError;

export type QueryValue = string | number | boolean | undefined | null;

/** The API root under the payment mount point ('/payment' or '/'), for the route-table client. */
export function apiBase(mountPoint: string): string {
  return `${mountPoint === '/' ? '' : mountPoint}/api`;
}

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
  const params = new URLSearchParams({ livemode: String(livemode) });
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return `${apiBase(mountPoint)}${path}?${params.toString()}`;
}

/** Reads the one error shape; anything else becomes a failure named by its HTTP status. */
export const failureOf: (status: number, body: unknown) => ApiFailure = callErrorOf;

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
