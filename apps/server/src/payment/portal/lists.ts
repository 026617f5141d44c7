// The portal's payment and refund pages (page, pageSize, count), one customer's or (merchant) all of
// the mode's, each row with its currency and method looked up once per page. An intent still waiting
// for a payment method (a checkout opened and left) is no payment and is not listed.
import type { PortalListQuery, PortalPayment, PortalRefund } from '@payshelf/api';
import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import { paymentIntents, refunds } from '../../db/schema/index.js';
import { serializeIntent, serializeRefund } from '../intents/index.js';
import { getCurrency, getMethod, serializeCurrency, serializeMethod } from '../methods/index.js';
import type { DbLike } from '../shared/db.js';

type Payment = Pick<PortalPayment, 'paymentCurrency' | 'paymentMethod'>;

/** Currency and method per (currency, method) pair, each looked up once. */
function paymentLookup(db: DbLike, livemode: boolean) {
  const seen = new Map<string, Payment>();
  return async (currencyId: string, methodId: string | null): Promise<Payment> => {
    const key = `${currencyId}/${methodId ?? ''}`;
    const hit = seen.get(key);
    if (hit) return hit;
    const currency = await getCurrency(db, currencyId, livemode);
    const method = methodId ? await getMethod(db, methodId, livemode) : null;
    const found = {
      paymentCurrency: currency ? serializeCurrency(currency) : null,
      paymentMethod: method ? serializeMethod(method, undefined, true) : null,
    };
    seen.set(key, found);
    return found;
  };
}

const defined = (filters: Array<SQL | undefined>) => filters.filter((f): f is SQL => f !== undefined);

export async function pageOfPayments(
  db: DbLike,
  livemode: boolean,
  q: PortalListQuery,
  customerId: string | undefined,
): Promise<{ list: PortalPayment[]; count: number }> {
  const where = and(
    ...defined([
      eq(paymentIntents.livemode, livemode),
      ne(paymentIntents.status, 'requires_payment_method'),
      customerId === undefined ? undefined : eq(paymentIntents.customerId, customerId),
      q.currency_id ? eq(paymentIntents.currencyId, q.currency_id) : undefined,
    ]),
  );
  const rows = await db
    .select()
    .from(paymentIntents)
    .where(where)
    .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(paymentIntents).where(where);
  const lookup = paymentLookup(db, livemode);
  const list: PortalPayment[] = [];
  for (const row of rows) {
    list.push({ ...serializeIntent(row), ...(await lookup(row.currencyId, row.paymentMethodId)) });
  }
  return { list, count: total?.n ?? 0 };
}

export async function pageOfRefunds(
  db: DbLike,
  livemode: boolean,
  q: PortalListQuery,
  customerId: string | undefined,
): Promise<{ list: PortalRefund[]; count: number }> {
  const where = and(
    ...defined([
      eq(refunds.livemode, livemode),
      customerId === undefined ? undefined : eq(refunds.customerId, customerId),
      q.currency_id ? eq(refunds.currencyId, q.currency_id) : undefined,
    ]),
  );
  const rows = await db
    .select({ refund: refunds, methodId: paymentIntents.paymentMethodId })
    .from(refunds)
    .leftJoin(paymentIntents, eq(paymentIntents.id, refunds.paymentIntentId))
    .where(where)
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(refunds).where(where);
  const lookup = paymentLookup(db, livemode);
  const list: PortalRefund[] = [];
  for (const { refund, methodId } of rows) {
    list.push({ ...serializeRefund(refund), ...(await lookup(refund.currencyId, methodId)) });
  }
  return { list, count: total?.n ?? 0 };
}
