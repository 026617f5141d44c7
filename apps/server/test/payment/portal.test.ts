import { fromRandom } from '@ocap/wallet';
import { HeadlessWallet } from '@payshelf/wallet';
import { eq } from 'drizzle-orm';
import { PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, invoices, refunds } from '../../src/db/schema/index.js';
import { evmAccountOf, evmSignatureAnswerer } from '../../src/rails/evm/wallet-answerer.js';
import { startChain, type TestChain } from '../support/chain.js';
import { signInOwnerAliceBob, type TestBrowser } from '../support/identity.js';
import { until } from '../support/until.js';
import { browserCall, newSession, seedChainCatalog, submitBody, type Catalog } from './pay-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// The customer portal's own routes on a real database and anvil: the invoice PDF, the payments and
// refunds pages, the overdue invoices per currency and the collect-batch bulk pay. Overdue invoices
// are written straight into the database (copies of a paid one), as in past-due.test.ts.
let env: PaymentTestEnv;
let chain: TestChain;
let owner: TestBrowser;
let alice: TestBrowser;
let bob: TestBrowser;
let cat: Catalog;
let ethCurrency: string;
let merchant: string;
let aliceCustomer: string;
let alicePaid: string;
let bobPaid: string;
const overdue: string[] = [];

const db = () => env.server.server.services.database.db;
const DAY = 24 * 60 * 60 * 1000;

async function paidInvoiceOf(browser: TestBrowser) {
  const cs = await newSession(env.test, cat.priceId);
  const res = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const session = res.body.checkoutSession as { invoice_id: string };
  return { invoiceId: session.invoice_id, customerId: (res.body.customer as { id: string }).id };
}

/** An overdue copy of `templateId` owing 2.5 units in `currencyId`. */
async function overdueLike(templateId: string, id: string, currencyId: string, ageDays: number) {
  const [template] = await db().select().from(invoices).where(eq(invoices.id, templateId));
  if (!template) throw new Error(`no invoice ${templateId}`);
  const createdAt = new Date(Date.now() - ageDays * DAY);
  await db()
    .insert(invoices)
    .values({
      ...template,
      id,
      number: `OD-${id.slice(-6)}`,
      currencyId,
      status: 'open',
      billingReason: 'subscription_cycle',
      total: 2_500_000n,
      subtotal: 2_500_000n,
      amountDue: 2_500_000n,
      amountPaid: 0n,
      amountRemaining: 2_500_000n,
      dueDate: new Date(Date.now() - DAY),
      paymentIntentId: null,
      createdAt,
      updatedAt: createdAt,
    });
  return id;
}

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv({ DEV_WALLET: '1' }), startChain()]);
  [owner, alice, bob] = await signInOwnerAliceBob(env.server.url);
  merchant = chain.freshAddress();
  cat = await seedChainCatalog(env.test, chain, merchant, 1, '0');
  const eth = await env.test('POST', '/payment-currencies', {
    body: { payment_method_id: cat.methodId, symbol: 'ETH', name: 'Ether', decimal: 18 },
  });
  expect(eth.status, JSON.stringify(eth.body)).toBe(200);
  ethCurrency = String(eth.body.id);
  const a = await paidInvoiceOf(alice);
  alicePaid = a.invoiceId;
  aliceCustomer = a.customerId;
  bobPaid = (await paidInvoiceOf(bob)).invoiceId;
  overdue.push(await overdueLike(alicePaid, 'in_PortalOverdueTusd0001', cat.currencyId, 3));
  overdue.push(await overdueLike(alicePaid, 'in_PortalOverdueTusd0002', cat.currencyId, 2));
  overdue.push(await overdueLike(alicePaid, 'in_PortalOverdueEth00003', ethCurrency, 1));
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

async function pdf(browser: TestBrowser | null, id: string) {
  const path = `/payment/api/invoices/${id}/pdf?livemode=false`;
  const res = browser ? await browser.request(path) : await fetch(new URL(path, env.server.url));
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}

describe('invoice PDF', () => {
  it('is a real PDF for the invoice owner and the merchant, naming the invoice number', async () => {
    const [row] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.id, overdue[0] ?? ''));
    for (const who of [alice, owner]) {
      const res = await pdf(who, overdue[0] ?? '');
      expect(res.status).toBe(200);
      expect(res.type).toBe('application/pdf');
      expect(Buffer.from(res.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      const doc = await PDFDocument.load(res.bytes);
      expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
      expect(doc.getTitle()).toContain(row?.number ?? 'missing');
    }
  });

  it('answers another customer 404 and a guest 401', async () => {
    expect((await pdf(bob, overdue[0] ?? '')).status).toBe(404);
    expect((await pdf(alice, bobPaid)).status).toBe(404);
    expect((await pdf(null, overdue[0] ?? '')).status).toBe(401);
  });
});

describe('overdue invoices', () => {
  it('sums the customer’s overdue invoices per currency', async () => {
    const res = await browserCall(
      alice,
      'GET',
      `/customers/${aliceCustomer}/overdue/invoices?livemode=false`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const summary = res.body.summary as Record<string, { amount: string }>;
    expect(summary[cat.currencyId]?.amount).toBe('5000000');
    expect(summary[ethCurrency]?.amount).toBe('2500000');
    expect((res.body.invoices as unknown[]).length).toBe(3);
    expect(res.body.customer).toMatchObject({ id: aliceCustomer });
  });

  it('answers another customer 404 for the same customer id', async () => {
    const res = await browserCall(bob, 'GET', `/customers/${aliceCustomer}/overdue/invoices?livemode=false`);
    expect(res.status).toBe(404);
  });
});

describe('collect-batch', () => {
  it('refuses to open a batch of another customer’s invoices', async () => {
    const res = await browserCall(bob, 'POST', '/portal/overdue/batch?livemode=false', {
      currencyId: cat.currencyId,
      customerId: aliceCustomer,
    });
    expect(res.status).toBe(404);
  });

  it('pays exactly the open invoices of one currency in one transfer, and never twice', async () => {
    const opened = await browserCall(alice, 'POST', '/portal/overdue/batch?livemode=false', {
      currencyId: cat.currencyId,
      customerId: aliceCustomer,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toMatchObject({ amount: '5000000' });
    const batchId = String(opened.body.id);

    const key = fromRandom();
    const payer = evmAccountOf(key).address;
    await chain.setEth(payer, 10n ** 18n);
    await chain.sendToken(1, chain.tusd.contract ?? '', payer, 20_000_000n);
    const wallet = new HeadlessWallet(key, { answerers: { signature: evmSignatureAnswerer } });
    const params = { currencyId: cat.currencyId, customerId: aliceCustomer, batchId };
    const token = await alice.request('/api/did/collect-batch/token', {
      method: 'POST',
      body: JSON.stringify(params),
    });
    expect(token.status).toBe(200);
    const { url } = (await token.json()) as { url: string };
    const result = await wallet.approve(url);
    expect(result.response).toMatchObject({ batchId });

    await until('the batch to settle', async () => {
      const rows = await db().select().from(invoices).where(eq(invoices.customerId, aliceCustomer));
      const paid = rows.filter((r) => overdue.includes(r.id) && r.status === 'paid');
      return paid.length >= 2 ? true : undefined;
    });
    const rows = await db().select().from(invoices).where(eq(invoices.customerId, aliceCustomer));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(overdue[0] ?? '')?.status).toBe('paid');
    expect(byId.get(overdue[1] ?? '')?.status).toBe('paid');
    expect(byId.get(overdue[2] ?? '')?.status).toBe('open');
    expect(await chain.tokenBalance(chain.tusd.contract ?? '', merchant)).toBe(5_000_000n);

    // The same batch again, and a new one: nothing more is charged.
    const again = await alice.request('/api/did/collect-batch/token', {
      method: 'POST',
      body: JSON.stringify(params),
    });
    const second = new HeadlessWallet(key, { answerers: { signature: evmSignatureAnswerer } });
    await expect(second.approve(((await again.json()) as { url: string }).url)).rejects.toThrow(
      'already paid',
    );
    const reopened = await browserCall(alice, 'POST', '/portal/overdue/batch?livemode=false', {
      currencyId: cat.currencyId,
      customerId: aliceCustomer,
    });
    expect(reopened.status).toBe(400);
    expect(await chain.tokenBalance(chain.tusd.contract ?? '', merchant)).toBe(5_000_000n);

    const payments = await browserCall(alice, 'GET', '/portal/payments?livemode=false');
    expect(payments.status).toBe(200);
    const list = payments.body.list as Array<{
      id: string;
      status: string;
      payment_details: { tx_hash?: string };
    }>;
    expect(list.find((p) => p.id === batchId)).toMatchObject({ status: 'succeeded' });
    expect(list.find((p) => p.id === batchId)?.payment_details.tx_hash).toMatch(/^0x/);
    const bobs = await browserCall(bob, 'GET', '/portal/payments?livemode=false');
    expect((bobs.body.list as Array<{ id: string }>).some((p) => p.id === batchId)).toBe(false);
  });
});

describe('paying one invoice from its page', () => {
  it('freezes just that invoice, for its owner only', async () => {
    const body = { currencyId: ethCurrency, customerId: aliceCustomer, invoiceId: overdue[2] };
    const mine = await browserCall(alice, 'POST', '/portal/overdue/batch?livemode=false', body);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body).toMatchObject({ amount: '2500000', invoices: [{ id: overdue[2], amount: '2500000' }] });
    const theirs = await browserCall(bob, 'POST', '/portal/overdue/batch?livemode=false', body);
    expect(theirs.status).toBe(404);
  });
});

describe('refunds', () => {
  it('lists a customer’s own refunds only', async () => {
    const [inv] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.id, overdue[0] ?? ''));
    await db()
      .insert(refunds)
      .values({
        id: 're_PortalRefund00000001',
        livemode: false,
        status: 'succeeded',
        reason: 'requested_by_customer',
        amount: 1_000_000n,
        currencyId: cat.currencyId,
        paymentIntentId: inv?.paymentIntentId ?? 'pi_missing',
        invoiceId: inv?.id ?? null,
        customerId: aliceCustomer,
        metadata: { refund_tx_hash: `0x${'ab'.repeat(32)}` },
      });
    const mine = await browserCall(alice, 'GET', '/portal/refunds?livemode=false');
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      count: 1,
      list: [{ id: 're_PortalRefund00000001', reason: 'requested_by_customer' }],
    });
    const theirs = await browserCall(bob, 'GET', '/portal/refunds?livemode=false');
    expect(theirs.body).toMatchObject({ count: 0 });
    const guest = await env.anonymous('GET', '/portal/refunds?livemode=false');
    expect(guest.status).toBe(401);
  });
});

describe('invoice PDF in Chinese', () => {
  it('draws a Chinese customer name with an embedded CJK font subset, not as "?"', async () => {
    await db().update(customers).set({ name: '张三' }).where(eq(customers.id, aliceCustomer));
    // A checkout's invoice bills to the details typed at that checkout (issue 20 item 3).
    const billTo = { name: '张三', email: 'alice@example.com', phone: null, address: null };
    await db()
      .update(invoices)
      .set({ customerDetails: billTo })
      .where(eq(invoices.id, overdue[0] ?? ''));
    const res = await pdf(alice, overdue[0] ?? '');
    expect(res.status).toBe(200);
    const doc = await PDFDocument.load(res.bytes);
    const fonts = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) =>
        String((object as { get?(n: unknown): unknown }).get?.(PDFName.of('BaseFont')) ?? ''),
      );
    expect(fonts.some((f) => f.startsWith('/NotoSansSC'))).toBe(true);
    expect(res.bytes.length).toBeLessThan(60_000);
  });
});
