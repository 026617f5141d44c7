import type { InvoiceListItem, PaymentCurrency, PaymentMethod } from '@payshelf/api';

/** What the portal home shows per currency, in the currency's smallest unit. */
export interface CurrencySummary {
  currencyId: string;
  currency: PaymentCurrency | null;
  method: PaymentMethod | null;
  /** amount_paid of invoices created this calendar year (UTC). */
  paidThisYear: bigint;
  /** amount_remaining of open invoices not yet past their due date. */
  open: bigint;
  /** amount_remaining of open or uncollectible invoices past their due date. */
  pastDue: bigint;
}

/**
 * Sums per currency, in the order the currencies first appear. Money stays in bigint: amounts of
 * different currencies are never added together. Past due is what the server says (`pastDueIds`: its
 * one rule, judged at a test clock's time for a clock's invoices), never the browser's clock.
 */
export function summarise(
  invoices: readonly InvoiceListItem[],
  nowMs: number,
  pastDueIds: ReadonlySet<string>,
): CurrencySummary[] {
  const yearStart = Date.UTC(new Date(nowMs).getUTCFullYear(), 0, 1);
  const byCurrency = new Map<string, CurrencySummary>();
  for (const invoice of invoices) {
    let row = byCurrency.get(invoice.currency_id);
    if (!row) {
      row = {
        currencyId: invoice.currency_id,
        currency: invoice.paymentCurrency,
        method: invoice.paymentMethod,
        paidThisYear: 0n,
        open: 0n,
        pastDue: 0n,
      };
      byCurrency.set(invoice.currency_id, row);
    }
    if (invoice.status === 'void' || invoice.status === 'draft') continue;
    if (Date.parse(invoice.created_at) >= yearStart) row.paidThisYear += BigInt(invoice.amount_paid);
    if (pastDueIds.has(invoice.id)) row.pastDue += BigInt(invoice.amount_remaining);
    else if (invoice.status === 'open') row.open += BigInt(invoice.amount_remaining);
  }
  return [...byCurrency.values()];
}
