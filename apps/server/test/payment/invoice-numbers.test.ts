import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextInvoiceNumber } from '../../src/payment/billing/invoice-number.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { browserCall, newSession, submitBody, type Catalog } from './pay-support.js';
import { seedCurrency, startPaymentEnv, type Client, type PaymentTestEnv } from './support.js';

// Every invoice gets a human number when it is created: INV-000001, INV-000002, … one gapless sequence
// per mode. Zero-total checkouts complete at submit without any transfer, so they need no chain.
let env: PaymentTestEnv;
let browser: TestBrowser;
let testCat: Catalog;
let liveCat: Catalog;

const db = () => env.server.server.services.database.db;

/** A method, a currency and a free price in the client's mode. */
async function freeCatalog(client: Client): Promise<Catalog> {
  const { method, currencyId } = await seedCurrency(client);
  const product = await client('POST', '/products', { body: { name: 'Free sample' } });
  const price = await client('POST', '/prices', {
    body: { product_id: product.body.id, currency_id: currencyId, unit_amount: '0' },
  });
  expect(price.status, JSON.stringify(price.body)).toBe(200);
  return { methodId: String(method.id), currencyId, priceId: String(price.body.id) };
}

/** Completes a free checkout in the catalog's mode and answers its invoice id. */
async function freeInvoice(client: Client, cat: Catalog): Promise<string> {
  const cs = await newSession(client, cat.priceId);
  const res = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const session = res.body.checkoutSession as { status: string; invoice_id: string | null };
  expect(session.status).toBe('complete');
  return session.invoice_id ?? '';
}

async function numberOf(client: Client, invoiceId: string): Promise<unknown> {
  const res = await client('GET', `/invoices/${invoiceId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.number;
}

const numbers = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `INV-${String(from + i).padStart(6, '0')}`);

beforeAll(async () => {
  env = await startPaymentEnv();
  browser = new TestBrowser(env.server.url);
  await signIn(browser, newWallet('Alice Example', 'alice@example.com'));
  testCat = await freeCatalog(env.test);
  liveCat = await freeCatalog(env.live);
});
afterAll(async () => {
  await env?.stop();
});

describe('invoice numbers', () => {
  it('numbers eight checkouts completing at once INV-000001 to INV-000008, each once', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => freeInvoice(env.test, testCat)));
    expect(new Set(ids).size).toBe(8);
    const given = await Promise.all(ids.map((id) => numberOf(env.test, id)));
    expect([...given].sort()).toEqual(numbers(1, 8));

    // The buyer reads the same number on their own invoice.
    const [first] = ids;
    const own = await browserCall(browser, 'GET', `/invoices/${first ?? ''}?livemode=false`);
    expect(own.status).toBe(200);
    expect(own.body.number).toBe(given[0]);
  });

  it('counts live mode on its own: its first invoice is INV-000001', async () => {
    const liveInvoice = await freeInvoice(env.live, liveCat);
    expect(await numberOf(env.live, liveInvoice)).toBe('INV-000001');
    const own = await browserCall(browser, 'GET', `/invoices/${liveInvoice}?livemode=true`);
    expect(own.body).toMatchObject({ livemode: true, number: 'INV-000001' });
    // Test mode carries on where it was, untouched by the live invoice.
    expect(await numberOf(env.test, await freeInvoice(env.test, testCat))).toBe('INV-000009');
    expect(await numberOf(env.live, await freeInvoice(env.live, liveCat))).toBe('INV-000002');
  });

  it('gives a number back when the transaction that took it rolls back', async () => {
    let taken = '';
    await expect(
      db().transaction(async (tx) => {
        taken = await nextInvoiceNumber(tx, false);
        throw new Error('the completion failed after numbering');
      }),
    ).rejects.toThrow('the completion failed');
    expect(taken).toMatch(/^INV-\d{6}$/);
    expect(await numberOf(env.test, await freeInvoice(env.test, testCat))).toBe(taken);
  });
});
