import type { Address } from '@payshelf/api';
import { boolean, index, pgTable, text, uniqueIndex, jsonb } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { objectColumns } from './columns.js';

export const customers = pgTable(
  'customers',
  {
    ...objectColumns(),
    active: boolean().notNull().default(true),
    /** The wallet DID of the signed-in user this customer belongs to, when known. */
    did: text(),
    name: text(),
    email: text(),
    phone: text(),
    address: jsonb().$type<Address>(),
    description: text(),
    delinquent: boolean().notNull().default(false),
    /** Test mode: the test clock this customer (and its new subscriptions) lives in. */
    testClockId: text(),
  },
  (t) => [
    index('customers_list').on(t.livemode, t.createdAt, t.id),
    uniqueIndex('customers_did')
      .on(t.livemode, t.did)
      .where(sql`${t.did} IS NOT NULL`),
  ],
);
