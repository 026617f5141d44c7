// A checkout session id is shared freely (payment links, the page's address, the relay topic), so what
// it shows to anyone but the session's own signed-in customer carries no personal data: no email, and
// no customer object or typed contact details (name, email, phone, address, DID).
import type { CheckoutSession } from '@payshelf/api';
import { getCustomer, type CustomerRow } from '../customers/index.js';
import type { Caller } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import type { SessionRow } from './repo.js';

/** The session as someone other than its customer sees it. */
export function withoutPersonalData(session: CheckoutSession): CheckoutSession {
  return { ...session, customer_email: null, customer_details: null };
}

/** The session's customer when the caller is that customer (signed in with its DID), else null. */
export async function callersSessionCustomer(
  db: DbLike,
  caller: Caller,
  row: SessionRow,
): Promise<CustomerRow | null> {
  if (!caller.did || !row.customerId) return null;
  const customer = await getCustomer(db, row.customerId, row.livemode);
  return customer?.did === caller.did ? customer : null;
}

/** The session object for this caller: complete for its own customer, without personal data otherwise. */
export async function sessionForCaller(
  db: DbLike,
  caller: Caller,
  row: SessionRow,
  session: CheckoutSession,
): Promise<CheckoutSession> {
  return (await callersSessionCustomer(db, caller, row)) ? session : withoutPersonalData(session);
}
