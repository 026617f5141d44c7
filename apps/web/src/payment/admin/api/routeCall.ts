// An admin request built from an entry of the route table (@payshelf/api): the method and path come
// from the contract (parameters filled in and encoded), the body is typed by it and the answer is
// parsed by the entry's own schema, so an admin page never spells a path or an answer by hand.
import type { AnyRoute, BodyOf, CallInput, PathParams } from '@payshelf/api';

/** One request of the route table: the entry, its path parameters and its body. */
export interface Call<E extends AnyRoute = AnyRoute> {
  entry: E;
  params: Record<string, string>;
  body?: unknown;
}

/** The request of `entry` with its typed path parameters and body. */
export function routeCall<E extends AnyRoute>(
  entry: E,
  params: PathParams<E['path']>,
  body?: BodyOf<E>,
): Call<E> {
  return { entry, params, ...(body === undefined ? {} : { body }) };
}

/** The client's input of a call (its parameters and body, typed when the call was built). */
export function callInput<E extends AnyRoute>(call: Call<E>): CallInput<E> {
  return { params: call.params, body: call.body } as unknown as CallInput<E>;
}
