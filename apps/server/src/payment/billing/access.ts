// Who may read invoices and subscriptions: a secret key or a signed-in owner/admin reads every object of
// the mode; a signed-in customer only the objects of their own customer in that mode; any other caller
// (an anonymous browser) nothing. A denied read answers exactly like a missing id, so an id never
// reveals that it exists.
import { ApiError } from '../../core/http/errors.js';
import { getCustomerByDid } from '../customers/index.js';
import { assertNever, type Caller } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';

/** `all`: the caller sees every customer's objects; otherwise only that customer's (none when null). */
export type CustomerScope = { all: true } | { all: false; customerId: string | null };

/** Default deny: only the kinds listed as `all` see everything; a new kind must be added here to compile. */
export async function scopeOf(db: DbLike, caller: Caller): Promise<CustomerScope> {
  switch (caller.kind) {
    case 'key':
    case 'admin':
      return { all: true };
    case 'customer': {
      const customer = await getCustomerByDid(db, caller.did, caller.livemode);
      return { all: false, customerId: customer?.id ?? null };
    }
    case 'browser':
      return { all: false, customerId: null };
    default:
      return assertNever(caller);
  }
}

export function mayRead(scope: CustomerScope, customerId: string): boolean {
  return scope.all || (scope.customerId !== null && scope.customerId === customerId);
}

export const noSuch = (noun: 'invoice' | 'subscription', id: string) =>
  ApiError.of(`${noun}_missing`, { id: id.slice(0, 100) });

/** The row when the caller may read it, else the not-found error of a missing id. */
export async function readable<R extends { customerId: string }>(
  db: DbLike,
  caller: Caller,
  noun: 'invoice' | 'subscription',
  id: string,
  load: () => Promise<R | null>,
): Promise<R> {
  const row = await load();
  if (!row || !mayRead(await scopeOf(db, caller), row.customerId)) throw noSuch(noun, id);
  return row;
}
