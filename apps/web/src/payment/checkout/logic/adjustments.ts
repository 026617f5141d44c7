// The discount and tax lines of the order summary. Their amounts and the total are the server's exact
// figures (decimal strings read as bigint); the browser never works a discount or tax out itself.
import type { TotalBreakdown } from '@payshelf/api';
import type { CheckoutSessionData } from './api';

export interface DiscountLine {
  key: string;
  /** The coupon's name, else its code, else its id. */
  name: string;
  /** The customer-typed promotion code the discount came from, if any. */
  code: string | null;
  percentOff: string | null;
  /** Null when the amount is worked out in another currency at payment. */
  amount: bigint | null;
}

export interface TaxLine {
  key: string;
  displayName: string;
  /** Exact decimal percentage as the merchant typed it, e.g. "8.25". */
  percentage: string;
  inclusive: boolean;
  amount: bigint | null;
}

export interface SummaryTotals {
  /** Before discount and tax; null when the session has neither (the lines add up to the total). */
  subtotal: bigint | null;
  discounts: DiscountLine[];
  taxes: TaxLine[];
  total: bigint | null;
  /**
   * The page shows another currency than the session's: the server works the discount and tax out in
   * it when the customer pays, so the lines show no amount and the total shown is before them.
   */
  pending: boolean;
}

/** What the summary shows below the lines for `currencyId`, given the browser's exact line total. */
export function summaryTotals(
  session: CheckoutSessionData,
  currencyId: string | null,
  browserTotal: bigint | null,
): SummaryTotals {
  const breakdown = session.total_details.breakdown;
  const discounts = breakdown?.discounts ?? [];
  const taxes = breakdown?.taxes ?? [];
  if (discounts.length === 0 && taxes.length === 0) {
    return { subtotal: null, discounts: [], taxes: [], total: browserTotal, pending: false };
  }
  const exact = currencyId === session.currency_id;
  return {
    subtotal: exact ? BigInt(session.amount_subtotal) : browserTotal,
    ...breakdownLines({ discounts, taxes }, exact),
    total: exact ? BigInt(session.amount_total) : browserTotal,
    pending: !exact,
  };
}

/** A checkout's or invoice's breakdown as summary lines; without amounts unless `withAmounts`. */
export function breakdownLines(
  breakdown: TotalBreakdown | null | undefined,
  withAmounts = true,
): { discounts: DiscountLine[]; taxes: TaxLine[] } {
  const amountOf = (text: string) => (withAmounts ? BigInt(text) : null);
  return {
    discounts: (breakdown?.discounts ?? []).map((d) => ({
      key: d.promotion_code_id ?? d.coupon_id,
      name: d.name ?? d.code ?? d.coupon_id,
      code: d.code,
      percentOff: d.percent_off,
      amount: amountOf(d.amount),
    })),
    taxes: (breakdown?.taxes ?? []).map((t) => ({
      key: t.tax_rate_id,
      displayName: t.display_name,
      percentage: t.percentage,
      inclusive: t.inclusive,
      amount: amountOf(t.amount),
    })),
  };
}

/** The applied promotion code of the session (the one the remove button takes off), or null. */
export function appliedCode(session: CheckoutSessionData): string | null {
  return session.total_details.breakdown?.discounts.find((d) => d.code !== null)?.code ?? null;
}
