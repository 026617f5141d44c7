// An admin request built from an entry of the route table (@payshelf/api): the method and path come
// from the contract (parameters filled in and encoded), the body is typed by it, so an admin page
// never spells a path by hand.
import { fillPath, type AnyRoute, type BodyOf, type PathParams } from '@payshelf/api';
import type { Call } from './hooks';

export function routeCall<E extends AnyRoute>(
  entry: E,
  params: PathParams<E['path']>,
  body?: BodyOf<E>,
): Call {
  return {
    method: entry.method,
    path: fillPath(entry.path, params as Record<string, string>),
    ...(body === undefined ? {} : { body }),
  };
}
