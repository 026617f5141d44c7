// The expanded forms the portal pages show: an invoice with its lines (prices and products), currency
// and method; a subscription with its items, currency, method and latest invoice.
import type { InvoiceDetail, InvoiceListItem, Price, SubscriptionDetail } from '@payshelf/api';
import { getPrices, getProducts } from '../catalog/index.js';
import { serializePrice } from '../catalog/index.js';
import { getCurrency, getMethod } from '../methods/index.js';
import { serializeCurrency, serializeMethod } from '../methods/index.js';
import type { DbLike } from '../shared/db.js';
import { billingNow } from './clocks/repo.js';
import {
  getInvoice,
  itemsOfInvoice,
  itemsOfSubscriptions,
  type InvoiceRow,
  type SubscriptionRow,
} from './repo.js';
import { invoiceLineObject, invoiceObject, subscriptionItemObject, subscriptionObject } from './serialize.js';

/** Prices with their products, by id (a price deleted since is simply missing). */
async function expandedPrices(db: DbLike, ids: string[], livemode: boolean): Promise<Map<string, Price>> {
  const rows = await getPrices(db, ids, livemode);
  const products = new Map(
    (
      await getProducts(
        db,
        rows.map((r) => r.productId),
        livemode,
      )
    ).map((p) => [p.id, p]),
  );
  return new Map(rows.map((r) => [r.id, serializePrice(r, products.get(r.productId))]));
}

/** Currency and method as anyone may see them (method secrets are never included). */
async function paymentOf(db: DbLike, livemode: boolean, currencyId: string, methodId: string | null) {
  const currency = await getCurrency(db, currencyId, livemode);
  const method = methodId ? await getMethod(db, methodId, livemode) : null;
  return {
    paymentCurrency: currency ? serializeCurrency(currency) : null,
    paymentMethod: method ? serializeMethod(method, undefined, true) : null,
  };
}

export async function invoiceDetail(db: DbLike, row: InvoiceRow): Promise<InvoiceDetail> {
  const items = await itemsOfInvoice(db, row.id);
  const prices = await expandedPrices(
    db,
    items.flatMap((i) => (i.priceId ? [i.priceId] : [])),
    row.livemode,
  );
  return {
    ...invoiceObject(row),
    lines: items.map((i) => invoiceLineObject(i, i.priceId ? (prices.get(i.priceId) ?? null) : null)),
    ...(await paymentOf(db, row.livemode, row.currencyId, row.paymentMethodId)),
  };
}

/** Invoices of a list page with their currency and method, each looked up once per page. */
export async function invoiceListItems(db: DbLike, rows: InvoiceRow[]): Promise<InvoiceListItem[]> {
  const seen = new Map<string, Awaited<ReturnType<typeof paymentOf>>>();
  const out: InvoiceListItem[] = [];
  for (const row of rows) {
    const key = `${row.livemode}/${row.currencyId}/${row.paymentMethodId ?? ''}`;
    let payment = seen.get(key);
    if (!payment) {
      payment = await paymentOf(db, row.livemode, row.currencyId, row.paymentMethodId);
      seen.set(key, payment);
    }
    out.push({ ...invoiceObject(row), ...payment });
  }
  return out;
}

/** Subscriptions of one mode with their items (prices and products expanded when `withPrices`). */
export async function subscriptionObjects(db: DbLike, rows: SubscriptionRow[], withPrices: boolean) {
  const items = await itemsOfSubscriptions(
    db,
    rows.map((r) => r.id),
  );
  const livemode = rows[0]?.livemode;
  const ids = [...items.values()].flat().map((i) => i.priceId);
  const prices = withPrices && livemode !== undefined ? await expandedPrices(db, ids, livemode) : null;
  return rows.map((row) =>
    subscriptionObject(
      row,
      (items.get(row.id) ?? []).map((i) =>
        subscriptionItemObject(i, prices ? (prices.get(i.priceId) ?? null) : undefined),
      ),
    ),
  );
}

export async function subscriptionDetail(db: DbLike, row: SubscriptionRow): Promise<SubscriptionDetail> {
  const [subscription] = await subscriptionObjects(db, [row], true);
  if (!subscription) throw new Error('subscription vanished');
  const latest = row.latestInvoiceId ? await getInvoice(db, row.latestInvoiceId, row.livemode) : null;
  return {
    ...subscription,
    ...(await paymentOf(db, row.livemode, row.currencyId, row.defaultPaymentMethodId)),
    latestInvoice: latest ? invoiceObject(latest) : null,
    clock_time: row.testClockId ? (await billingNow(db, row.testClockId)).toISOString() : null,
  };
}
