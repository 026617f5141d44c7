// The invoice PDF's discount and tax rows, worded as the portal's invoice page words them: the
// coupon's name (its percentage off, the code) with minus its amount; each tax rate's display name
// and exact percentage, marked when it is included in the prices.
import type { TotalBreakdown } from '@payshelf/api';
import type { PdfLabels } from './pdf-labels.js';

export interface PdfTotalRow {
  label: string;
  amount: string;
}

/** Discount rows then tax rows of a breakdown (none when it is null), amounts through `money`. */
export function adjustmentRows(
  breakdown: TotalBreakdown | null | undefined,
  labels: PdfLabels,
  money: (units: bigint) => string,
): PdfTotalRow[] {
  if (!breakdown) return [];
  const discounts = breakdown.discounts.map((d) => {
    const name = d.name ?? d.code ?? d.coupon_id;
    const off = d.percent_off ? ` (${labels.percentOff.replace('{percent}', d.percent_off)})` : '';
    const code = d.code && d.code !== name ? ` ${d.code}` : '';
    return { label: `${labels.discount}: ${name}${off}${code}`, amount: `-${money(BigInt(d.amount))}` };
  });
  const taxes = breakdown.taxes.map((t) => ({
    label: `${t.display_name} ${t.percentage}%${t.inclusive ? ` (${labels.taxIncluded})` : ''}`,
    amount: money(BigInt(t.amount)),
  }));
  return [...discounts, ...taxes];
}

/** Whether the invoice carries any tax line (else the PDF says its amounts include no tax). */
export const hasTax = (breakdown: TotalBreakdown | null | undefined): boolean =>
  (breakdown?.taxes.length ?? 0) > 0;
