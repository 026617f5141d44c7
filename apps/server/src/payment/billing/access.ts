// Who may read invoices and subscriptions: a secret key or a signed-in owner/admin reads every object of
// the mode; a signed-in customer (actor `customer:<did>`) only the objects of their own customer in
// that mode. Anything else answers exactly like a missing id, so an id never reveals that it exists.
import { ApiError } from '../../core/http/errors.js';
import { getCustomerByDid } from '../customers/repo.js';
import type { Caller } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';

/** `all`: the caller sees every customer's objects; otherwise only that customer's (none when null). */
export type CustomerScope = { all: true } | { all: false; customerId: string | null };

export async function scopeOf(db: DbLike, caller: Caller): Promise<CustomerScope> {
  if (!caller.actor.startsWith('customer:') || !caller.did) return { all: true };
  const customer = await getCustomerByDid(db, caller.did, caller.livemode);
  return { all: false, customerId: customer?.id ?? null };
}

export function mayRead(scope: CustomerScope, customerId: string): boolean {
  return scope.all || (scope.customerId !== null && scope.customerId === customerId);
}

export const noSuch = (noun: string, id: string) =>
  ApiError.notFound(`No such ${noun}: '${id.slice(0, 100)}'`);

/** The row when the caller may read it, else the not-found error of a missing id. */
export async function readable<R extends { customerId: string }>(
  db: DbLike,
  caller: Caller,
  noun: string,
  id: string,
  load: () => Promise<R | null>,
): Promise<R> {
  const row = await load();
  if (!row || !mayRead(await scopeOf(db, caller), row.customerId)) throw noSuch(noun, id);
  return row;
}
