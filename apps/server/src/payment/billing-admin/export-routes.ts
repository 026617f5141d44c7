// CSV exports of invoices and payments for the merchant (a secret key or a signed-in owner/admin; a
// customer or a guest is refused). The file is streamed in pages, so a large export never sits in
// memory; the filters are those of the matching list.
import { invoiceListQuery, paymentIntentListQuery } from '@payshelf/api';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import { checkoutSessions, customers, paymentCurrencies, paymentIntents } from '../../db/schema/index.js';
import { parseWith } from '../../core/http/errors.js';
import { billTo, pageOfInvoices } from '../billing/index.js';
import type { IntentRow } from '../intents/index.js';
import { authenticateMerchant } from '../keys/index.js';
import type { PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { iso } from '../shared/time.js';
import { csvLine, unitsText } from './csv.js';

const BATCH = 100;
/** An export stops after this many rows (a merchant narrows the filters for more). */
export const EXPORT_MAX_ROWS = 100_000;

interface Lookup {
  currency(id: string): Promise<{ symbol: string; decimal: number } | undefined>;
  customer(id: string | null): Promise<{ name: string | null; email: string | null }>;
}

function lookups(db: DbLike): Lookup {
  const currencies = new Map<string, { symbol: string; decimal: number } | undefined>();
  const people = new Map<string, { name: string | null; email: string | null }>();
  return {
    async currency(id) {
      if (!currencies.has(id)) {
        const [row] = await db.select().from(paymentCurrencies).where(eq(paymentCurrencies.id, id)).limit(1);
        currencies.set(id, row ? { symbol: row.symbol, decimal: row.decimal } : undefined);
      }
      return currencies.get(id);
    },
    async customer(id) {
      const none = { name: null, email: null };
      if (id === null) return none;
      if (!people.has(id)) {
        const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
        people.set(id, { name: row?.name ?? null, email: row?.email ?? null });
      }
      return people.get(id) ?? none;
    },
  };
}

/** The contact details typed at the checkouts of `rows` (a payment's bill-to), by session id. */
async function typedAtCheckout(db: DbLike, rows: readonly IntentRow[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.checkoutSessionId ? [r.checkoutSessionId] : [])))];
  const typed = ids.length
    ? await db
        .select({ id: checkoutSessions.id, details: checkoutSessions.customerDetails })
        .from(checkoutSessions)
        .where(inArray(checkoutSessions.id, ids))
    : [];
  return new Map(typed.map((t) => [t.id, t.details]));
}

function sendCsv(reply: FastifyReply, name: string, lines: AsyncGenerator<string>) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines));
}

async function* invoiceLines(db: DbLike, livemode: boolean, query: z.infer<typeof invoiceListQuery>) {
  const look = lookups(db);
  yield csvLine([
    'id',
    'number',
    'status',
    'billing_reason',
    'customer_id',
    'customer_name',
    'customer_email',
    'subscription_id',
    'currency',
    'total',
    'amount_paid',
    'amount_remaining',
    'period_start',
    'period_end',
    'due_date',
    'created_at',
  ]);
  for (let page = 1; (page - 1) * BATCH < EXPORT_MAX_ROWS; page += 1) {
    const { rows } = await pageOfInvoices(
      db,
      livemode,
      { ...query, page, pageSize: BATCH },
      query.customer_id,
    );
    for (const r of rows) {
      const cur = await look.currency(r.currencyId);
      // The bill-to typed at the checkout that made the invoice, else the customer record's.
      const who = billTo(r.customerDetails, await look.customer(r.customerId));
      const amount = (v: bigint) => (cur ? unitsText(v, cur.decimal) : v);
      yield csvLine([
        r.id,
        r.number,
        r.status,
        r.billingReason,
        r.customerId,
        who.name,
        who.email,
        r.subscriptionId,
        cur?.symbol ?? r.currencyId,
        amount(r.total),
        amount(r.amountPaid),
        amount(r.amountRemaining),
        r.periodStart && iso(r.periodStart),
        r.periodEnd && iso(r.periodEnd),
        r.dueDate && iso(r.dueDate),
        iso(r.createdAt),
      ]);
    }
    if (rows.length < BATCH) return;
  }
}

async function* paymentLines(db: DbLike, livemode: boolean, query: z.infer<typeof paymentIntentListQuery>) {
  const look = lookups(db);
  yield csvLine([
    'id',
    'status',
    'customer_id',
    'customer_name',
    'customer_email',
    'currency',
    'amount',
    'amount_received',
    'payment_method_id',
    'invoice_id',
    'checkout_session_id',
    'tx_hash',
    'description',
    'created_at',
  ]);
  const filters = and(
    eq(paymentIntents.livemode, livemode),
    query.status ? eq(paymentIntents.status, query.status) : undefined,
    query.customer_id ? eq(paymentIntents.customerId, query.customer_id) : undefined,
    query.currency_id ? eq(paymentIntents.currencyId, query.currency_id) : undefined,
  );
  let after: { createdAt: Date; id: string } | null = null;
  for (let sent = 0; sent < EXPORT_MAX_ROWS; sent += BATCH) {
    const cursor: { createdAt: Date; id: string } | null = after;
    const rows: IntentRow[] = await db
      .select()
      .from(paymentIntents)
      .where(
        cursor
          ? and(
              filters,
              sql`(${paymentIntents.createdAt}, ${paymentIntents.id}) < (${cursor.createdAt}, ${cursor.id})`,
            )
          : filters,
      )
      .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
      .limit(BATCH);
    const typed = await typedAtCheckout(db, rows);
    for (const r of rows) {
      const cur = await look.currency(r.currencyId);
      // A checkout's payment names the bill-to typed at that checkout, else the customer record's.
      const details = r.checkoutSessionId ? typed.get(r.checkoutSessionId) : null;
      const who = billTo(details, await look.customer(r.customerId));
      const amount = (v: bigint) => (cur ? unitsText(v, cur.decimal) : v);
      // payment_details keeps the transfer flat: `tx_hash`, `network`, `explorer_url`.
      const txHash = r.paymentDetails?.tx_hash;
      yield csvLine([
        r.id,
        r.status,
        r.customerId,
        who.name,
        who.email,
        cur?.symbol ?? r.currencyId,
        amount(r.amount),
        amount(r.amountReceived),
        r.paymentMethodId,
        r.invoiceId,
        r.checkoutSessionId,
        typeof txHash === 'string' ? txHash : null,
        r.description,
        iso(r.createdAt),
      ]);
    }
    const last = rows[rows.length - 1];
    if (rows.length < BATCH || !last) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

export function billingExportRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  for (const [name, summary] of [
    ['invoices', 'Invoices as CSV (streamed, at most 100,000 rows)'],
    ['payments', 'Payments as CSV (streamed, at most 100,000 rows)'],
  ]) {
    ctx.openapi.addFile({
      path: `/exports/${name}.csv`,
      access: 'merchant',
      tag: 'Exports',
      summary: summary ?? '',
      contentType: 'text/csv',
    });
  }
  app.get('/exports/invoices.csv', async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = await authenticateMerchant(ctx, request);
    const query = parseWith(invoiceListQuery, request.query, 'query');
    return sendCsv(reply, 'invoices', invoiceLines(db, caller.livemode, query));
  });
  app.get('/exports/payments.csv', async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = await authenticateMerchant(ctx, request);
    const query = parseWith(paymentIntentListQuery, request.query, 'query');
    return sendCsv(reply, 'payments', paymentLines(db, caller.livemode, query));
  });
}
