import { PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { TotalBreakdown } from '@payshelf/api';
import { renderInvoicePdf } from './invoice-pdf.js';
import { adjustmentRows, hasTax } from './pdf-adjustments.js';
import { pdfLabels } from './pdf-labels.js';

const breakdown: TotalBreakdown = {
  discounts: [
    {
      amount: '150000',
      coupon_id: 'coupon_1',
      name: 'Welcome 10%',
      percent_off: '10',
      amount_off: null,
      promotion_code_id: 'promo_1',
      code: 'WELCOME10',
    },
  ],
  taxes: [
    { amount: '225000', tax_rate_id: 'txr_1', display_name: 'VAT', percentage: '20', inclusive: true },
    {
      amount: '111375',
      tax_rate_id: 'txr_2',
      display_name: 'Sales tax',
      percentage: '8.25',
      inclusive: false,
    },
  ],
};
const money = (units: bigint) => `${units} u`;

/** The words drawn on the pages (Helvetica text is written as hex strings). */
async function drawnText(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const out: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const text = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    for (const m of text.matchAll(/<([0-9A-F]+)> Tj/g))
      out.push(Buffer.from(m[1] ?? '', 'hex').toString('latin1'));
  }
  return out;
}

describe('invoice PDF discount and tax rows', () => {
  it('words the discount with its percentage and code, and each tax with its exact percentage', () => {
    expect(adjustmentRows(breakdown, pdfLabels('en'), money)).toEqual([
      { label: 'Discount: Welcome 10% (10% off) WELCOME10', amount: '-150000 u' },
      { label: 'VAT 20% (included)', amount: '225000 u' },
      { label: 'Sales tax 8.25%', amount: '111375 u' },
    ]);
    expect(adjustmentRows(breakdown, pdfLabels('zh'), money).map((r) => r.label)).toEqual([
      '折扣: Welcome 10% (减 10%) WELCOME10',
      'VAT 20% (已含)',
      'Sales tax 8.25%',
    ]);
    expect(adjustmentRows(null, pdfLabels('en'), money)).toEqual([]);
    expect(hasTax(breakdown)).toBe(true);
    expect(hasTax({ discounts: breakdown.discounts, taxes: [] })).toBe(false);
  });

  it('draws the rows between subtotal and total, and drops the no-tax note when taxed', async () => {
    const model = (taxed: boolean) => ({
      merchant: 'Payshelf demo',
      number: 'INV-0002',
      status: 'paid',
      issued: '2026-11-29',
      due: null,
      period: null,
      customer: { name: 'Ada', email: null },
      lines: [{ description: 'Ebook', quantity: '1', amount: '1.5 TUSD' }],
      totals: [
        { label: 'Subtotal', amount: '1.5 TUSD' },
        ...adjustmentRows(breakdown, pdfLabels('en'), money).map((r) => ({ ...r, detail: true })),
        { label: 'Total', amount: '1.461375 TUSD' },
      ],
      payments: [],
      taxed,
    });
    const text = await drawnText(await renderInvoicePdf(model(true)));
    const at = (s: string) => text.indexOf(s);
    expect(at('Subtotal')).toBeGreaterThan(-1);
    expect(at('Discount: Welcome 10% (10% off) WELCOME10')).toBeGreaterThan(at('Subtotal'));
    expect(at('-150000 u')).toBeGreaterThan(-1);
    expect(at('Sales tax 8.25%')).toBeGreaterThan(at('VAT 20% (included)'));
    expect(at('Total')).toBeGreaterThan(at('Sales tax 8.25%'));
    expect(text).not.toContain('Amounts include no tax.');
    expect(await drawnText(await renderInvoicePdf(model(false)))).toContain('Amounts include no tax.');
  });
});
