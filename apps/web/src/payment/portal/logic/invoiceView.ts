// What the invoice page shows, as plain data: the status chip colour (SPEC §4 "Invoice status
// display"), amounts in the invoice's currency, the line names and the payment's details.
import {
  lineProductName,
  type InvoiceDetail,
  type InvoiceLine,
  type InvoiceStatus,
  type PaymentCurrency,
} from '@payshelf/api';
import { money } from '../../checkout/logic/format';
import { payerOf, transactionLink, type TransactionLink } from './explorer';

export type ChipColor = 'success' | 'secondary' | 'warning' | 'default' | 'info' | 'error';

/** paid success, open secondary, uncollectible warning, draft and void default. */
export function invoiceStatusColor(status: InvoiceStatus): ChipColor {
  switch (status) {
    case 'paid':
      return 'success';
    case 'open':
      return 'secondary';
    case 'uncollectible':
      return 'warning';
    case 'draft':
    case 'void':
      return 'default';
  }
}

/** A void invoice shows its amount struck through: nothing is to be paid. */
export function isStruckThrough(status: InvoiceStatus): boolean {
  return status === 'void';
}

type CurrencyLike = Pick<PaymentCurrency, 'decimal' | 'symbol' | 'maximum_precision'>;

/** An amount string of the API in the currency ("9.9 TUSD"); the bare units when the currency is unknown. */
export function amountText(units: string, currency: CurrencyLike | null, locale: string): string {
  return currency ? money(BigInt(units), currency, locale) : units;
}

/**
 * The product's name in `locale` (as billed, see lineProductName), else the line's description, the
 * price's nickname or its id.
 */
export function lineName(line: InvoiceLine, locale: string): string {
  return (
    lineProductName(line, locale) ?? line.description ?? line.price?.nickname ?? line.price_id ?? line.id
  );
}

export interface InvoicePayment {
  methodName: string | null;
  currencySymbol: string | null;
  payer: string | null;
  transaction: TransactionLink | null;
}

export function invoicePayment(invoice: InvoiceDetail): InvoicePayment {
  const details = invoice.metadata.payment_details;
  return {
    methodName: invoice.paymentMethod?.name ?? null,
    currencySymbol: invoice.paymentCurrency?.symbol ?? null,
    payer: payerOf(details),
    transaction: transactionLink(details, invoice.paymentMethod),
  };
}

/** The page's title: the invoice number, or its id before a number is assigned. */
export function invoiceLabel(invoice: Pick<InvoiceDetail, 'number' | 'id'>): string {
  return invoice.number ?? invoice.id;
}
