// The past-due page as plain data: its address (with the page to go back to) and the customer's
// past-due invoices grouped by currency, each group with the amount still owed in that currency.
import type { InvoiceListItem, PaymentCurrency, PaymentMethod } from '@payshelf/api';
import { atMountPoint } from '../../paths';

/** `{mount}/customer/invoice/past-due?referer=…`: the back button of that page returns to `referer`. */
export function pastDuePath(mountPoint: string, referer: string): string {
  const path = atMountPoint(mountPoint, 'customer/invoice/past-due');
  return `${path}?${new URLSearchParams({ referer }).toString()}`;
}

export interface PastDueGroup {
  currencyId: string;
  currency: PaymentCurrency | null;
  method: PaymentMethod | null;
  /** The sum of amount_remaining of the group's invoices, in the currency's smallest unit. */
  owed: bigint;
  invoices: InvoiceListItem[];
}

/** Invoices grouped by currency in the order the currencies first appear (the list's order). */
export function groupByCurrency(invoices: InvoiceListItem[]): PastDueGroup[] {
  const groups = new Map<string, PastDueGroup>();
  for (const invoice of invoices) {
    let group = groups.get(invoice.currency_id);
    if (!group) {
      group = {
        currencyId: invoice.currency_id,
        currency: invoice.paymentCurrency,
        method: invoice.paymentMethod,
        owed: 0n,
        invoices: [],
      };
      groups.set(invoice.currency_id, group);
    }
    group.owed += BigInt(invoice.amount_remaining);
    group.invoices.push(invoice);
  }
  return [...groups.values()];
}

/** "TUSD · Local chain", or the currency id when the currency is gone. */
export function groupLabel(group: Pick<PastDueGroup, 'currency' | 'method' | 'currencyId'>): string {
  if (!group.currency) return group.currencyId;
  return group.method ? `${group.currency.symbol} · ${group.method.name}` : group.currency.symbol;
}
