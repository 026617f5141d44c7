// GET /invoices/{id}/pdf: the invoice as a PDF file. The invoice's own customer (signed in) or the
// merchant (secret key, owner/admin) only; anyone else gets the same 404 as a missing invoice. With
// `mine=true` (the portal's link) an owner or admin too gets only their own customer's invoices.
import { lineProductName } from '@payshelf/api';
import { and, eq, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeLocale, requestLocale, type MessageLocale } from '../../core/http/error-locale.js';
import { paymentIntents } from '../../db/schema/index.js';
import { billTo, getInvoice, invoiceDetail, isMine, readable, type InvoiceRow } from '../billing/index.js';
import { getCustomer } from '../customers/index.js';
import { getCurrency } from '../methods/index.js';
import type { PaymentContext } from '../shared/context.js';
import { callerFor } from '../shared/route.js';
import { day, formatUnits } from './format.js';
import { renderInvoicePdf, type InvoicePdfModel } from './invoice-pdf.js';
import { adjustmentRows, hasTax } from './pdf-adjustments.js';
import { pdfLabels } from './pdf-labels.js';

/**
 * The PDF's language: the `locale` query parameter (the web app sends its own, and a merchant may ask
 * for a customer's), else the visitor's locale as for messages.
 */
function pdfLocale(request: FastifyRequest): MessageLocale {
  const query = new URL(request.url, 'http://localhost').searchParams.get('locale');
  return normalizeLocale(query) ?? requestLocale(request);
}

/** `mine=true` (the portal's link): only the signed-in person's own invoice, owner and admin included. */
const mineOf = (request: FastifyRequest): boolean =>
  isMine({ mine: new URL(request.url, 'http://localhost').searchParams.get('mine') ?? undefined });

/**
 * A line's words: its product's name in `locale` (as billed), with the line's own note beside it; a
 * proration's note (the engine writes it in English) is the reader's words for unused or remaining time.
 */
export function lineText(
  line: {
    description: string | null;
    price_id: string | null;
    proration: boolean;
    amount: string;
  } & Parameters<typeof lineProductName>[0],
  locale: MessageLocale,
): string {
  const name = lineProductName(line, locale);
  const labels = pdfLabels(locale);
  const note = line.proration
    ? line.amount.startsWith('-')
      ? labels.unusedTime
      : labels.remainingTime
    : line.description;
  if (name && note) return `${name} – ${note}`;
  return name ?? line.description ?? line.price_id ?? '';
}

async function modelOf(
  ctx: PaymentContext,
  invoice: InvoiceRow,
  locale: MessageLocale,
): Promise<InvoicePdfModel> {
  const { db } = ctx;
  const currency = await getCurrency(db, invoice.currencyId, invoice.livemode);
  const symbol = currency?.symbol ?? '';
  const money = (units: bigint) => `${formatUnits(units, currency?.decimal ?? 0)} ${symbol}`.trim();
  const customer = await getCustomer(db, invoice.customerId, invoice.livemode);
  const who = billTo(invoice.customerDetails, customer);
  const { lines } = await invoiceDetail(db, invoice);
  const labels = pdfLabels(locale);
  // Its own intents, and the intent that settled it (a bulk payment of several invoices names none).
  const paid = await db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.status, 'succeeded'),
        or(eq(paymentIntents.invoiceId, invoice.id), eq(paymentIntents.id, invoice.paymentIntentId ?? '-')),
      ),
    );
  return {
    merchant: ctx.services.config.APP_NAME,
    number: invoice.number ?? invoice.id,
    status: invoice.status,
    issued: day(invoice.createdAt),
    due: invoice.dueDate ? day(invoice.dueDate) : null,
    period:
      invoice.periodStart && invoice.periodEnd
        ? `${day(invoice.periodStart)} ${labels.to} ${day(invoice.periodEnd)}`
        : null,
    // Bill to: the details typed at the checkout that made it, else the customer's record.
    customer: {
      name: who.name ?? who.email ?? invoice.customerId,
      email: who.email,
    },
    lines: lines.map((l) => ({
      description: lineText(l, locale),
      quantity: String(l.quantity),
      amount: money(BigInt(l.amount)),
    })),
    totals: [
      { label: labels.subtotal, amount: money(invoice.subtotal) },
      ...adjustmentRows(invoice.totalBreakdown, labels, money).map((row) => ({ ...row, detail: true })),
      { label: labels.total, amount: money(invoice.total) },
      { label: labels.paid, amount: money(invoice.amountPaid) },
      { label: labels.remaining, amount: money(invoice.amountRemaining) },
    ],
    labels,
    taxed: hasTax(invoice.totalBreakdown),
    payments: paid.map((p) => {
      const details = p.paymentDetails ?? {};
      const hash = typeof details.tx_hash === 'string' ? details.tx_hash : '';
      return {
        date: day(p.updatedAt),
        method: typeof details.network === 'string' ? details.network : String(details.type ?? ''),
        amount: money(p.invoiceId === invoice.id ? p.amountReceived : invoice.amountPaid),
        reference: hash,
      };
    }),
  };
}

export function invoicePdfRoute(app: FastifyInstance, ctx: PaymentContext): void {
  ctx.openapi.addFile({
    path: '/invoices/:id/pdf',
    access: 'customer',
    tag: 'Invoices',
    summary: 'The invoice as a PDF (its customer or the merchant)',
    contentType: 'application/pdf',
  });
  app.get<{ Params: { id: string } }>('/invoices/:id/pdf', async (request, reply) => {
    const caller = await callerFor(ctx, 'customer', request);
    const id = request.params.id.slice(0, 100);
    const load = () => getInvoice(ctx.db, id, caller.livemode);
    const invoice = await readable(ctx.db, caller, 'invoice', id, load, mineOf(request));
    const bytes = await renderInvoicePdf(await modelOf(ctx, invoice, pdfLocale(request)));
    const name = (invoice.number ?? invoice.id).replace(/[^A-Za-z0-9_-]/g, '_');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="invoice-${name}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));
  });
}
