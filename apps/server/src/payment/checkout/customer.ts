// Whose customer a checkout writes and shows. The details typed in the form belong to the checkout
// (and its invoice): the session keeps them as `customer_details`. A submit changes only the signed-in
// user's own customer (never the one of a session started by someone else), and only when the buyer
// asks to save the details (`customer_update: 'replace'`) or the customer has none yet (a record made
// by this checkout). An anonymous donor always gets a new guest customer (so nobody can rewrite an
// existing one without signing in).
import type { CheckoutSubmitBody, CustomerDetails } from '@payshelf/api';
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

/** The form's details as the checkout and its invoice keep them (absent ones null). */
export function typedDetails(body: CheckoutSubmitBody): CustomerDetails {
  const form = formDetails(body);
  return { name: form.name, email: form.email, phone: form.phone ?? null, address: form.address ?? null };
}

/** Whether two sets of typed details say the same (a resubmit of the same form writes nothing). */
export function sameDetails(a: CustomerDetails | null, b: CustomerDetails): boolean {
  if (!a || a.name !== b.name || a.email !== b.email || a.phone !== b.phone) return false;
  const keys = ['country', 'state', 'line1', 'line2', 'city', 'postal_code'] as const;
  if (!a.address || !b.address) return a.address === b.address;
  return keys.every((k) => (a.address?.[k] ?? null) === (b.address?.[k] ?? null));
}

const blank = (v: string | null) => v === null || v.trim() === '';

/**
 * What a submit writes to the signed-in customer's record: the form's details when the buyer asked to
 * save them ('replace') or the record has no name and no email yet (made for this checkout); else
 * nothing, whatever was typed.
 */
export function mergeDetails(saved: Details, form: Partial<Details>, replace: boolean): Partial<Details> {
  if (replace) return form;
  return blank(saved.name) && blank(saved.email) ? form : {};
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
