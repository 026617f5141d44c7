import { BALANCE_TRANSACTION_TYPES } from '@payshelf/api';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { amount, objectColumns } from './columns.js';

/**
 * Every movement of a customer's credit balance in one currency: a positive amount adds credit
 * (proration credit, an invoice's negative total, a merchant's adjustment), a negative one takes it
 * (applied to an invoice). `ending_balance` is the balance after the row, so the running balance is
 * read from the latest row and equals the sum of the amounts. A movement tied to an invoice happens
 * once per (invoice, type): applying the balance to an invoice again is a no-op.
 */
export const customerBalanceTransactions = pgTable(
  'customer_balance_transactions',
  {
    ...objectColumns(),
    customerId: text().notNull(),
    currencyId: text().notNull(),
    type: text({ enum: BALANCE_TRANSACTION_TYPES }).notNull(),
    amount: amount().notNull(),
    endingBalance: amount().notNull(),
    invoiceId: text(),
    description: text(),
  },
  (t) => [
    index('customer_balance_transactions_list').on(t.customerId, t.livemode, t.createdAt, t.id),
    uniqueIndex('customer_balance_transactions_invoice')
      .on(t.invoiceId, t.type)
      .where(sql`${t.invoiceId} IS NOT NULL`),
  ],
);

/**
 * The current credit balance per (customer, currency), updated in the transaction that inserts the
 * movement while holding this row's lock, so concurrent movements serialise and the balance never
 * goes below zero (the check refuses what a bug would let through).
 */
export const customerBalances = pgTable(
  'customer_balances',
  {
    customerId: text().notNull(),
    currencyId: text().notNull(),
    livemode: boolean().notNull(),
    balance: amount()
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.currencyId] }),
    check('customer_balances_not_negative', sql`${t.balance} >= 0`),
  ],
);
