// Who may read invoices and subscriptions: a secret key or a signed-in owner/admin reads every object of
// the mode; a signed-in customer only the objects of their own customer in that mode; any other caller
// (an anonymous browser) nothing. The customer portal's reads use the own scope instead: a signed-in
// person, owner and admin included, sees only the customer whose DID is theirs (the portal is one
// person's billing, never the mode's); a secret key keeps the mode's. A denied read answers exactly
// like a missing id, so an id never reveals that it exists.
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

/** The portal's scope: a signed-in person's own customer only, whatever their role; a key the mode's. */
export async function ownScope(db: DbLike, caller: Caller): Promise<CustomerScope> {
  switch (caller.kind) {
    case 'key':
      return { all: true };
    case 'admin':
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

/** The `mine` flag of a query: the portal's call (`1` or `true`). */
export const isMine = (query: { mine?: string | undefined }): boolean =>
  query.mine === '1' || query.mine === 'true';

/** The own scope when `mine` (a portal read), else the caller's usual scope. */
export const scopeFor = (db: DbLike, caller: Caller, mine: boolean): Promise<CustomerScope> =>
  mine ? ownScope(db, caller) : scopeOf(db, caller);

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
  mine = false,
): Promise<R> {
  const row = await load();
  if (!row || !mayRead(await scopeFor(db, caller, mine), row.customerId)) throw noSuch(noun, id);
  return row;
}
