// Whose customer a checkout writes and shows. A submit changes only the signed-in user's own customer
// (never the one of a session started by someone else), keeps the details that customer saved unless
// the form explicitly says `customer_update: 'replace'`, and an anonymous donor always gets a new
// guest customer (so nobody can rewrite an existing one without signing in).
import type { CheckoutSubmitBody } from '@payshelf/api';
import { ApiError } from '../../core/http/errors.js';
import { customers } from '../../db/schema/index.js';
import {
  getCustomer,
  getCustomerByDid,
  insertCustomer,
  updateCustomer,
  type CustomerRow,
} from '../customers/index.js';
import type { Caller } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { newId } from '../shared/ids.js';
import type { SessionRow } from './repo.js';

type Details = Pick<CustomerRow, 'name' | 'email' | 'phone' | 'address'>;

export function notYourCheckout(): ApiError {
  return ApiError.of('CHECKOUT_SESSION_OTHER_CUSTOMER', {});
}

/** The form's details (phone and address only when given). */
export function formDetails(body: CheckoutSubmitBody): Partial<Details> & Pick<Details, 'name' | 'email'> {
  const a = body.billing_address;
  return {
    name: body.customer_name,
    email: body.customer_email,
    ...(body.customer_phone ? { phone: body.customer_phone } : {}),
    ...(a
      ? {
          address: {
            country: a.country,
            state: a.state,
            line1: a.line1,
            line2: a.line2 ?? null,
            city: a.city,
            postal_code: a.postal_code,
          },
        }
      : {}),
  };
}

/** What a submit writes to a saved customer: the form's details on 'replace', else only the missing ones. */
export function mergeDetails(saved: Details, form: Partial<Details>, replace: boolean): Partial<Details> {
  if (replace) return form;
  const out: Partial<Details> = {};
  for (const key of ['name', 'email', 'phone', 'address'] as const) {
    if ((saved[key] === null || saved[key] === '') && form[key] !== undefined)
      Object.assign(out, { [key]: form[key] });
  }
  return out;
}

/** The signed-in user's customer in the mode, created (with no details yet) on first need. */
export async function ownCustomer(tx: DbLike, did: string, livemode: boolean): Promise<CustomerRow> {
  const existing = await getCustomerByDid(tx, did, livemode);
  if (existing) return existing;
  const [created] = await tx
    .insert(customers)
    .values({ id: newId('cus'), livemode, did })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  // Another request created this user's customer at the same moment.
  const raced = await getCustomerByDid(tx, did, livemode);
  if (!raced) throw new Error('customer insert failed');
  return raced;
}

/** Refuses a session whose customer is a signed-in user other than the caller. */
export async function assertNotOthersSession(tx: DbLike, row: SessionRow, caller: Caller): Promise<void> {
  if (!row.customerId) return;
  const current = await getCustomer(tx, row.customerId, row.livemode);
  if (current?.did && current.did !== caller.did) throw notYourCheckout();
}

/** The customer a submit pays for: the caller's own (details merged), or a new guest for a donor. */
export async function customerFor(
  tx: DbLike,
  row: SessionRow,
  caller: Caller,
  body: CheckoutSubmitBody,
): Promise<CustomerRow> {
  await assertNotOthersSession(tx, row, caller);
  const form = formDetails(body);
  if (!caller.did)
    return insertCustomer(tx, { id: newId('cus'), livemode: row.livemode, did: null, ...form });
  const own = await ownCustomer(tx, caller.did, row.livemode);
  const changes = mergeDetails(own, form, body.customer_update === 'replace');
  if (Object.keys(changes).length === 0) return own;
  return (await updateCustomer(tx, own.id, row.livemode, changes)) ?? own;
}
