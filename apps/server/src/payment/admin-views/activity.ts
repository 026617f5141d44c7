// One customer's money at a glance for the admin page: credit balance per currency, the latest
// payments and refunds, and the events about the customer or its objects (newest first, 50 each).
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { customerBalances, events, paymentIntents, refunds } from '../../db/schema/index.js';
import { requireCustomer } from '../customers/index.js';
import { serializeIntent, serializeRefund } from '../intents/index.js';
import type { DbLike } from '../shared/db.js';
import { serializeEvent } from '../webhooks/index.js';

const LIMIT = 50;

export async function customerActivity(db: DbLike, id: string, livemode: boolean) {
  const customer = await requireCustomer(db, id, livemode);
  const [balances, payments, refundRows, eventRows] = await Promise.all([
    db
      .select()
      .from(customerBalances)
      .where(and(eq(customerBalances.customerId, customer.id), eq(customerBalances.livemode, livemode)))
      .orderBy(customerBalances.currencyId),
    db
      .select()
      .from(paymentIntents)
      .where(and(eq(paymentIntents.customerId, customer.id), eq(paymentIntents.livemode, livemode)))
      .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
      .limit(LIMIT),
    db
      .select()
      .from(refunds)
      .where(and(eq(refunds.customerId, customer.id), eq(refunds.livemode, livemode)))
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(LIMIT),
    db
      .select()
      .from(events)
      .where(
        and(
          eq(events.livemode, livemode),
          or(
            eq(events.objectId, customer.id),
            sql`${events.data} -> 'object' ->> 'customer_id' = ${customer.id}`,
          ),
        ),
      )
      .orderBy(desc(events.createdAt), desc(events.id))
      .limit(LIMIT),
  ]);
  return {
    customer_id: customer.id,
    balances: balances.map((b) => ({ currency_id: b.currencyId, balance: b.balance.toString() })),
    payments: payments.map(serializeIntent),
    refunds: refundRows.map(serializeRefund),
    events: eventRows.map(serializeEvent),
  };
}
