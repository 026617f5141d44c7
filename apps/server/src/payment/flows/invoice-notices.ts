// Bell notices of invoices, stored as message keys with parameters (@payshelf/api billing-notices):
// the web renders them in the reader's language.
import { invoicePaidNotice } from '@payshelf/api';
import { formatAmount } from '@payshelf/money';
import { notify } from '../../platform/notifications/index.js';
import type { InvoiceRow } from '../billing/index.js';
import { getCustomer } from '../customers/index.js';
import { getCurrency } from '../methods/index.js';
import type { PaymentContext } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';

/** The customer's page of an invoice, absolute when the install knows its public URL. */
export function invoiceLink(ctx: PaymentContext, invoiceId: string): string {
  const base = ctx.services.config.PUBLIC_URL?.replace(/\/+$/, '') ?? '';
  return `${base}${ctx.mount}/customer/invoice/${invoiceId}`;
}

/**
 * Tells the customer (bell) that an invoice of theirs was paid, e.g. a renewal pulled from their
 * allowance. Pass the transaction that marks it paid: the notice exists only if that commits.
 */
export async function notifyInvoicePaid(
  ctx: PaymentContext,
  db: DbLike,
  invoice: InvoiceRow,
  amount: bigint,
): Promise<void> {
  const customer = await getCustomer(db, invoice.customerId, invoice.livemode);
  if (!customer?.did) return;
  const currency = await getCurrency(db, invoice.currencyId, invoice.livemode);
  const shown = formatAmount(amount, currency?.decimal ?? 0, { precision: currency?.decimal ?? 0 });
  const notice = invoicePaidNotice(
    invoice.number ?? invoice.id,
    shown,
    currency?.symbol ?? '',
    invoiceLink(ctx, invoice.id),
  );
  await notify(ctx.services, { receiver: customer.did, severity: 'success', ...notice }, db);
}
