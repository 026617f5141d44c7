import { lineProductName, type InvoiceDetail } from '@payshelf/api';
import { eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceItems } from '../../src/db/schema/index.js';
import { advance, invoicesOf, newClock, newCustomer } from './billing-support.js';
import { startPaymentEnv, TEST_SECRET, type PaymentTestEnv } from './support.js';

// Invoice lines name their product in the reader's locale: the demo catalog's "Team plan" (团队版 in
// zh) billed on a subscription reads in zh and en from the texts the line kept when billed, a later
// edit of the product leaves the invoice as it was, and a line written before texts were kept still
// reads (from the product as it is now). The PDF speaks the locale it is asked for.
let env: PaymentTestEnv;
let productId: string;
let invoiceId: string;
let subscriptionId: string;
let clock: string;

const db = () => env.server.server.services.database.db;

async function invoice(): Promise<InvoiceDetail> {
  const res = await env.test('GET', `/invoices/${invoiceId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as InvoiceDetail;
}

/** The PDF's decoded streams joined (page text and the CJK font's ToUnicode map) and its fonts. */
async function pdf(locale: string): Promise<{ text: string; fonts: string[] }> {
  const answer = await fetch(`${env.server.url}/payment/api/invoices/${invoiceId}/pdf?locale=${locale}`, {
    headers: { authorization: `Bearer ${TEST_SECRET}` },
  });
  expect(answer.status).toBe(200);
  const doc = await PDFDocument.load(new Uint8Array(await answer.arrayBuffer()));
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
  return { text: texts.join('\n').toUpperCase(), fonts };
}

const hex = (text: string) => [...text].map((c) => (c.codePointAt(0) ?? 0).toString(16).toUpperCase());

beforeAll(async () => {
  env = await startPaymentEnv({ DEMO_DATA: '1', DEMO_CHAIN: '0' });
  const prices = await env.test('GET', '/prices', { query: { limit: '100' } });
  const all = prices.body.data as Array<{
    id: string;
    currency_id: string;
    product_id: string;
    recurring: unknown;
  }>;
  const products = await env.test('GET', '/products', { query: { limit: '100' } });
  const team = (products.body.data as Array<{ id: string; name: string }>).find(
    (p) => p.name === 'Team plan',
  );
  productId = team?.id ?? '';
  const price = all.find((p) => p.product_id === productId && p.recurring);
  expect(price, 'the demo Team plan price').toBeDefined();
  const currency = await env.test('GET', `/payment-currencies/${price?.currency_id ?? ''}`);
  const sub = await env.test('POST', '/subscriptions', {
    body: {
      customer_id: await newCustomer(env.test, 'Zhang San'),
      items: [{ price_id: price?.id, quantity: 1 }],
      currency_id: price?.currency_id,
      payment_method_id: currency.body.payment_method_id,
      trial_period_days: 7,
      test_clock_id: (clock = await newClock(env.test, '2027-03-01T00:00:00.000Z')),
      collection_method: 'send_invoice',
    },
  });
  expect(sub.status, JSON.stringify(sub.body)).toBe(200);
  invoiceId = String(sub.body.latest_invoice_id);
  subscriptionId = String(sub.body.id);
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

describe('invoice line names in en and zh', () => {
  it('keeps the product texts on the line and names it 团队版 in zh, Team plan in en', async () => {
    const [line] = (await invoice()).lines;
    expect(line?.billed_product).toMatchObject({
      name: 'Team plan',
      metadata: { translations: { zh: { name: '团队版' } } },
    });
    if (!line) throw new Error('no line');
    expect(lineProductName(line, 'zh')).toBe('团队版');
    expect(lineProductName(line, 'zh-CN')).toBe('团队版');
    expect(lineProductName(line, 'en')).toBe('Team plan');
  });

  it('prints the zh name and zh words on the PDF asked for in zh, English otherwise', async () => {
    const zh = await pdf('zh');
    expect(zh.fonts.some((f) => f.includes('NotoSansSC'))).toBe(true);
    // 团队版 and 发票 ("invoice") are drawn, so the CJK subset's ToUnicode map lists them.
    for (const code of [...hex('团队版'), ...hex('发票')]) expect(zh.text).toContain(code);
    const en = await pdf('en');
    expect(en.fonts.some((f) => f.includes('NotoSansSC'))).toBe(false);
    // Standard-font text is drawn as hex strings: "Team plan" and "Invoice" are on the page.
    for (const word of ['Team plan', 'Invoice']) {
      expect(en.text).toContain(Buffer.from(word, 'latin1').toString('hex').toUpperCase());
    }
  });

  it('keeps the texts on renewal invoices too (the trial end, then a bulk-written cycle)', async () => {
    await advance(env.test, clock, '2027-03-09T00:00:00.000Z');
    await advance(env.test, clock, '2027-04-09T00:00:00.000Z');
    const cycles = (await invoicesOf(db(), subscriptionId)).filter(
      (i) => i.billingReason === 'subscription_cycle',
    );
    expect(cycles.length).toBe(2);
    for (const cycle of cycles) {
      const res = await env.test('GET', `/invoices/${cycle.id}`);
      const [line] = (res.body as unknown as InvoiceDetail).lines;
      if (!line) throw new Error('no renewal line');
      expect(line.billed_product?.name, cycle.id).toBe('Team plan');
      expect(lineProductName(line, 'zh')).toBe('团队版');
    }
  });

  it('still shows what was billed after the merchant renames the product', async () => {
    const renamed = await env.test('PUT', `/products/${productId}`, {
      body: { name: 'Team plan 2026', metadata: { translations: { zh: { name: '团队版 2026' } } } },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const [line] = (await invoice()).lines;
    if (!line) throw new Error('no line');
    expect(lineProductName(line, 'zh')).toBe('团队版');
    expect(lineProductName(line, 'en')).toBe('Team plan');
  });

  it('reads a line written before the texts were kept from the product as it is now', async () => {
    await db().update(invoiceItems).set({ metadata: {} }).where(eq(invoiceItems.invoiceId, invoiceId));
    const [line] = (await invoice()).lines;
    if (!line) throw new Error('no line');
    expect(line.billed_product).toBeNull();
    expect(lineProductName(line, 'zh')).toBe('团队版 2026');
    expect(lineProductName(line, 'en')).toBe('Team plan 2026');
    // A product without translations reads in its own text in zh too.
    await env.test('PUT', `/products/${productId}`, { body: { metadata: { translations: null } } });
    const [plain] = (await invoice()).lines;
    expect(plain && lineProductName(plain, 'zh')).toBe('Team plan 2026');
  });
});
