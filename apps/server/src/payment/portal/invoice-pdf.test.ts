import { PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, type InvoicePdfModel } from './invoice-pdf.js';
import { chooseFont } from './pdf-fonts.js';

const model = (customer: string, product: string): InvoicePdfModel => ({
  merchant: 'Payshelf demo',
  number: 'INV-0001',
  status: 'paid',
  issued: '2026-11-26',
  due: null,
  period: null,
  customer: { name: customer, email: 'zhang@example.com' },
  lines: [{ description: product, quantity: '1', amount: '10 TUSD' }],
  totals: [{ label: 'Total', amount: '10 TUSD' }],
  payments: [],
});

/** The decoded text of every stream in the PDF (content streams, ToUnicode maps, font files). */
async function streamsOf(bytes: Uint8Array): Promise<{ texts: string[]; fonts: string[] }> {
  const doc = await PDFDocument.load(bytes);
  const texts: string[] = [];
  const fonts: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream) {
      texts.push(Buffer.from(decodePDFRawStream(object).decode()).toString('latin1'));
    } else if ('get' in object && typeof object.get === 'function') {
      const base = (object as { get(n: PDFName): unknown }).get(PDFName.of('BaseFont'));
      if (base) fonts.push(String(base));
    }
  }
  return { texts, fonts };
}

describe('invoice PDF fonts', () => {
  it('embeds a CJK subset for a Chinese customer and product, mapping the glyphs back to the characters', async () => {
    const bytes = await renderInvoicePdf(model('张三', '团队版 Team plan'));
    const { texts, fonts } = await streamsOf(bytes);
    expect(fonts.some((f) => f.startsWith('/NotoSansSC'))).toBe(true);
    // The ToUnicode map lists each drawn character: 张 U+5F20, 三 U+4E09, 团 U+56E2, 队 U+961F, 版 U+7248.
    const cmap = texts.find((t) => t.includes('begincmap')) ?? '';
    for (const code of ['5F20', '4E09', '56E2', '961F', '7248']) expect(cmap.toUpperCase()).toContain(code);
    // No '?' stands in for them in the page's text.
    expect(texts.join('\n')).not.toContain('(??');
    // A subset, not the 1.5 MB font file.
    expect(bytes.length).toBeLessThan(60_000);
  });

  it('embeds no font for an invoice in Latin-1 text', async () => {
    const { fonts } = await streamsOf(await renderInvoicePdf(model('Zhang San', 'Team plan')));
    expect(fonts.some((f) => f.includes('NotoSansSC'))).toBe(false);
  });
});

describe('chooseFont', () => {
  const cjk = { has: (c: string) => c !== '😀' };
  it('keeps Latin-1 cells in the standard font', () => {
    expect(chooseFont('Café 42', cjk)).toEqual({ text: 'Café 42', cjk: false });
  });
  it('draws other cells in the CJK font, with "?" only for what it lacks', () => {
    expect(chooseFont('张三 😀', cjk)).toEqual({ text: '张三 ?', cjk: true });
  });
  it('falls back to "?" when the CJK font is not installed', () => {
    expect(chooseFont('张三 Zhang', null)).toEqual({ text: '?? Zhang', cjk: false });
  });
});
