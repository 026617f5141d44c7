// The priced lines of a checkout or invoice with the discount and the taxes applied, in that order:
// the coupon first, then each line's tax rates on its discounted amount. Totals are sums of the lines,
// so the lines always add up to the total, and nothing is ever negative.
import { lineDiscounts, type CouponTerms } from './coupon.js';
import { lineTaxes, type LineTax, type TaxRateTerms } from './tax.js';

export interface AdjustableLine {
  productId: string;
  /** Before the discount and exclusive taxes; inclusive taxes are inside it. */
  amount: bigint;
  taxRates?: readonly TaxRateTerms[] | null;
}

export interface AdjustedLine {
  amount: bigint;
  discount: bigint;
  /** amount - discount. */
  net: bigint;
  taxes: LineTax[];
  /** net + the exclusive taxes: what the customer pays for the line. */
  total: bigint;
}

export interface TaxTotal {
  taxRateId: string;
  inclusive: boolean;
  amount: bigint;
}

export interface AdjustedTotals {
  lines: AdjustedLine[];
  /** Sum of the lines' amounts. */
  subtotal: bigint;
  /** Sum of the lines' discounts. */
  discount: bigint;
  /** Sum per tax rate, in the order rates first appear. */
  taxes: TaxTotal[];
  /** All taxes, inclusive ones included. */
  tax: bigint;
  /** Only the exclusive taxes (what is added on top). */
  exclusiveTax: bigint;
  /** Sum of the lines' totals = subtotal - discount + exclusiveTax. */
  total: bigint;
}

export function adjustLines(
  lines: readonly AdjustableLine[],
  coupon: CouponTerms | null,
  currencyId: string,
): AdjustedTotals {
  const discounts = lineDiscounts(lines, coupon, currencyId);
  const adjusted = lines.map((line, index): AdjustedLine => {
    const discount = discounts[index] ?? 0n;
    const net = line.amount - discount;
    const taxes = lineTaxes(net, line.taxRates ?? []);
    const exclusive = taxes.filter((t) => !t.inclusive).reduce((sum, t) => sum + t.amount, 0n);
    return { amount: line.amount, discount, net, taxes, total: net + exclusive };
  });
  const taxes: TaxTotal[] = [];
  for (const tax of adjusted.flatMap((l) => l.taxes)) {
    const found = taxes.find((t) => t.taxRateId === tax.taxRateId);
    if (found) found.amount += tax.amount;
    else taxes.push({ taxRateId: tax.taxRateId, inclusive: tax.inclusive, amount: tax.amount });
  }
  const sum = (pick: (l: AdjustedLine) => bigint): bigint => adjusted.reduce((s, l) => s + pick(l), 0n);
  const tax = taxes.reduce((s, t) => s + t.amount, 0n);
  const exclusiveTax = taxes.filter((t) => !t.inclusive).reduce((s, t) => s + t.amount, 0n);
  return {
    lines: adjusted,
    subtotal: sum((l) => l.amount),
    discount: sum((l) => l.discount),
    taxes,
    tax,
    exclusiveTax,
    total: sum((l) => l.total),
  };
}
