import type { Customer, CustomerCreate, CustomerUpdate } from '@payshelf/api';
import { ApiError } from '../../core/http/errors.js';
import type { DbLike as Db } from '../shared/db.js';
import { definedOnly } from '../shared/expand.js';
import { newId } from '../shared/ids.js';
import { iso } from '../shared/time.js';
import { getCustomer, getCustomerByDid, insertCustomer, updateCustomer, type CustomerRow } from './repo.js';

export function serializeCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    object: 'customer',
    livemode: row.livemode,
    active: row.active,
    did: row.did,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    description: row.description,
    delinquent: row.delinquent,
    test_clock: row.testClockId,
    metadata: row.metadata as Customer['metadata'],
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export async function requireCustomer(
  db: Db,
  id: string,
  livemode: boolean,
  param?: string,
): Promise<CustomerRow> {
  const row = await getCustomer(db, id, livemode);
  if (!row) {
    throw ApiError.missing('portal_customer_missing', id, param);
  }
  return row;
}

async function checkDid(
  db: Db,
  did: string | null | undefined,
  livemode: boolean,
  self?: string,
): Promise<void> {
  if (!did) return;
  const other = await getCustomerByDid(db, did, livemode);
  if (other && other.id !== self) {
    throw ApiError.of('customer_did_exists', { id: other.id }, { param: 'did' });
  }
}

/**
 * The customer's test clock, when one is asked for: test mode only (test_clock_livemode) and a clock
 * of this mode that exists (resource_missing, 400), both on `test_clock`. `clockExists` is billing's lookup.
 */
export async function checkClock(
  id: string | null | undefined,
  livemode: boolean,
  clockExists: (id: string) => Promise<boolean>,
): Promise<void> {
  if (!id) return;
  if (livemode) throw ApiError.of('test_clock_live', {}, { param: 'test_clock' });
  if (!(await clockExists(id))) throw ApiError.missing('test_clock_missing', id, 'test_clock');
}

export async function createCustomer(db: Db, livemode: boolean, input: CustomerCreate): Promise<CustomerRow> {
  await checkDid(db, input.did, livemode);
  return insertCustomer(db, {
    id: newId('cus'),
    livemode,
    did: input.did ?? null,
    name: input.name ?? null,
    email: input.email ?? null,
    phone: input.phone ?? null,
    address: input.address ?? null,
    description: input.description ?? null,
    metadata: input.metadata ?? {},
    testClockId: input.test_clock ?? null,
  });
}

export async function changeCustomer(
  db: Db,
  id: string,
  livemode: boolean,
  input: CustomerUpdate & { active?: boolean },
): Promise<CustomerRow> {
  await requireCustomer(db, id, livemode);
  await checkDid(db, input.did, livemode, id);
  const { test_clock: clock, ...fields } = input;
  const row = await updateCustomer(
    db,
    id,
    livemode,
    definedOnly({ ...fields, ...(clock === undefined ? {} : { testClockId: clock }) }),
  );
  if (!row) throw ApiError.of('resource_missing', {});
  return row;
}
