// Property test: the discount and tax rules against a plain model written with rational arithmetic
// (numerator/denominator pairs, rounding by comparing twice the remainder), over random lines,
// coupons and rates. Also the invariants: lines add up to the totals, nothing is negative, the
// discount never exceeds what it applies to.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CouponTerms } from './coupon.js';
import type { TaxRateTerms } from './tax.js';
import { adjustLines, type AdjustableLine } from './totals.js';

const percentText = fc
  .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 9999 }))
  .map(([whole, frac]) => (whole === 100 ? '100' : `${whole}.${String(frac).padStart(4, '0')}`));
// A rate's id names its terms, so one id never has two sets of terms.
const rate = fc
  .record({ percentage: percentText, inclusive: fc.boolean() })
  .map((r) => ({ ...r, id: `${r.percentage}-${r.inclusive}` }));
const line = fc.record({
  productId: fc.constantFrom('a', 'b', 'c'),
  amount: fc.bigInt({ min: 0n, max: 10n ** 30n }),
  taxRates: fc.uniqueArray(rate, { maxLength: 2, selector: (r) => r.id }),
});
const coupon: fc.Arbitrary<CouponTerms | null> = fc.oneof(
  fc.constant(null),
  fc.record({
    percent_off: percentText,
    amount_off: fc.constant(null),
    currency_id: fc.constant(null),
    applies_to_products: fc.option(fc.subarray(['a', 'b', 'c']), { nil: null }),
  }),
  fc.record({
    percent_off: fc.constant(null),
    amount_off: fc.bigInt({ min: 0n, max: 10n ** 31n }),
    currency_id: fc.constant('usd'),
    applies_to_products: fc.option(fc.subarray(['a', 'b', 'c']), { nil: null }),
  }),
);

/** Model: a percentage as an exact rational (digits / 10^4 / 100). */
function ratio(text: string): [bigint, bigint] {
  const [w, f = ''] = text.split('.');
  return [BigInt(`${w}${f.padEnd(4, '0')}`), 1_000_000n];
}
function halfUp(n: bigint, d: bigint): bigint {
  const q = n / d;
  return 2n * (n - q * d) >= d ? q + 1n : q;
}
function applies(c: CouponTerms, product: string): boolean {
  return (
    !c.applies_to_products || c.applies_to_products.length === 0 || c.applies_to_products.includes(product)
  );
}
function modelTaxes(net: bigint, rates: readonly TaxRateTerms[]): bigint[] {
  const inc = rates.filter((r) => r.inclusive).map((r) => ratio(r.percentage)[0]);
  const incSum = inc.reduce((a, b) => a + b, 0n);
  const incTax = rates.map((r) =>
    r.inclusive ? halfUp(net * ratio(r.percentage)[0], 1_000_000n + incSum) : 0n,
  );
  const base = net - incTax.reduce((a, b) => a + b, 0n);
  return rates.map((r, i) =>
    r.inclusive ? (incTax[i] ?? 0n) : halfUp(base * ratio(r.percentage)[0], 1_000_000n),
  );
}

describe('discount and tax properties', () => {
  it('match the model; lines add up; nothing is negative', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), coupon, (lines: AdjustableLine[], c) => {
        const totals = adjustLines(lines, c, 'usd');
        const eligible = lines.map((l) => (c && applies(c, l.productId) ? l.amount : 0n));
        const eligibleSum = eligible.reduce((a, b) => a + b, 0n);
        if (c?.percent_off != null) {
          const [n, d] = ratio(c.percent_off);
          totals.lines.forEach((l, i) => expect(l.discount).toBe(halfUp((eligible[i] ?? 0n) * n, d)));
        } else if (c?.amount_off != null) {
          const cap = c.amount_off < eligibleSum ? c.amount_off : eligibleSum;
          expect(totals.discount).toBe(cap);
          totals.lines.forEach((l, i) => {
            // Each share is within one unit of its exact proportional part.
            const exact = eligibleSum === 0n ? 0n : (cap * (eligible[i] ?? 0n)) / eligibleSum;
            expect(l.discount - exact >= 0n && l.discount - exact <= 1n).toBe(true);
          });
        } else {
          expect(totals.discount).toBe(0n);
        }
        let total = 0n;
        totals.lines.forEach((l, i) => {
          const source = lines[i];
          expect(l.discount >= 0n && l.discount <= l.amount).toBe(true);
          expect(l.taxes.map((t) => t.amount)).toEqual(modelTaxes(l.net, source?.taxRates ?? []));
          expect(l.total >= 0n).toBe(true);
          total += l.total;
        });
        expect(totals.total).toBe(total);
        expect(totals.total).toBe(totals.subtotal - totals.discount + totals.exclusiveTax);
        expect(totals.tax).toBe(totals.lines.flatMap((l) => l.taxes).reduce((s, t) => s + t.amount, 0n));
      }),
      { numRuns: 3000 },
    );
  });
});
