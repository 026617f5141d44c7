import {
  ApiCallError,
  callErrorOf,
  callRoute,
  type AnswerOf,
  type AnyRoute,
  type CallInput,
} from '@payshelf/api';

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
 * Address of a payment-part file that has no route entry (the CSV exports), under the mount point,
 * with `livemode` and any other non-empty query values.
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

/**
 * One call of the route table under the payment mount point in a mode: `livemode` first, the session
 * cookie, a fresh Idempotency-Key on every write; the answer parsed by the entry's own schema.
 */
export function modeCall<E extends AnyRoute>(
  mountPoint: string,
  livemode: boolean,
  entry: E,
  input: CallInput<E>,
  signal?: AbortSignal,
): Promise<AnswerOf<E>> {
  return callRoute(entry, input, {
    base: apiBase(mountPoint),
    query: { livemode },
    idempotent: true,
    signal,
  });
}
