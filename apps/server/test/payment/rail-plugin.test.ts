import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntents, refunds } from '../../src/db/schema/index.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { TestLedger, testRailPlugin } from '../support/test-rail/index.js';
import { advance, invoicesOf, newClock, newCustomer, type SubState } from './billing-support.js';
import { browserCall, newSession } from './pay-support.js';
import { recurringPrice } from './subscription-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// A second rail plugs in without touching flows or checkout: the test-only rail (test/support/test-rail)
// is registered with `rails.register` and serves `bitcoin` methods; a checkout and a renewal are paid
// through it over the HTTP API, as on the EVM rail.
const MERCHANT = `0x${'11'.repeat(20)}`;
const PAYER = `0x${'22'.repeat(20)}`;
const BUYER = `0x${'33'.repeat(20)}`;
const PRICE = 1_000_000n;

let env: PaymentTestEnv;
let ledger: TestLedger;
let browser: TestBrowser;
let methodId: string;
let currencyId: string;

const db = () => env.server.server.services.database.db;

async function ok(path: string, body: unknown): Promise<{ id: string }> {
  const res = await env.test('POST', path, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string };
}

beforeAll(async () => {
  env = await startPaymentEnv();
  ledger = new TestLedger(MERCHANT);
  env.server.server.services.rails.register(testRailPlugin(ledger));
  const host = 'https://ledger.example';
  const method = await ok('/payment-methods', {
    type: 'bitcoin',
    name: 'Test rail',
    settings: { bitcoin: { network: 'regtest', api_host: host, explorer_host: host } },
  });
  methodId = method.id;
  currencyId = (
    await ok('/payment-currencies', {
      payment_method_id: methodId,
      symbol: 'TBTC',
      name: 'Test coin',
      decimal: 8,
    })
  ).id;
  browser = new TestBrowser(env.server.url);
  await signIn(browser, newWallet('Alice Example', 'alice@example.com'));
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

describe('a rail plugin registered at run time', () => {
  it('pays a checkout: the posted transfer completes the session and pays its invoice', async () => {
    const product = await ok('/products', { name: 'Ledger book' });
    const price = await ok('/prices', {
      product_id: product.id,
      currency_id: currencyId,
      unit_amount: '5000000',
    });
    const cs = await newSession(env.test, price.id, 2);
    const submitted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, {
      customer_name: 'Alice Example',
      customer_email: 'alice@example.com',
      payment_method: methodId,
      payment_currency: currencyId,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const intent = (submitted.body as { paymentIntent: { id: string; amount: string } }).paymentIntent;
    expect(intent.amount).toBe('10000000');

    // A transfer made for another payment is refused and counts for nothing.
    const elsewhere = ledger.pay('pi_another', BUYER, 10_000_000n);
    const refused = await browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash: elsewhere });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'wrong_reference' } });

    const hash = ledger.pay(intent.id, BUYER, 10_000_000n);
    const paid = await browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash: hash });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const session = await env.anonymous('GET', `/checkout-sessions/retrieve/${cs}`);
    expect(session.body).toMatchObject({ checkoutSession: { status: 'complete', payment_status: 'paid' } });
    const [row] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, intent.id));
    expect(row).toMatchObject({ status: 'succeeded', amountReceived: 10_000_000n });
    expect(row?.paymentDetails).toMatchObject({ type: 'test', network: 'test:ledger', tx_hash: hash });
    const invoice = await env.test('GET', `/invoices/${row?.invoiceId ?? ''}`);
    expect(invoice.body).toMatchObject({ status: 'paid', amount_paid: '10000000' });
  });

  it('collects a renewal: the server pulls the allowance through the plugin and the cycle invoice is paid', async () => {
    const monthly = await recurringPrice(env.test, currencyId, 'Ledger plan', PRICE.toString(), {
      interval: 'month',
    });
    const clock = await newClock(env.test, '2027-01-31T12:00:00.000Z');
    const customer = await newCustomer(env.test, 'Ledger subscriber');
    ledger.approve(PAYER, 2n * PRICE);
    const sub = (await ok('/subscriptions', {
      customer_id: customer,
      items: [{ price_id: monthly, quantity: 1 }],
      currency_id: currencyId,
      payment_method_id: methodId,
      payer: PAYER,
      test_clock_id: clock,
    })) as unknown as SubState;
    expect(sub.status).toBe('active');

    await advance(env.test, clock, '2027-03-01T12:00:00.000Z');
    const rows = await invoicesOf(db(), sub.id);
    const cycles = rows.filter((r) => r.billingReason === 'subscription_cycle');
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({ status: 'paid', amountPaid: PRICE });
    expect(ledger.allowances.get(PAYER)).toBe(0n);
    const pulls = [...ledger.transfers.values()].filter((t) => t.from === PAYER && t.to === MERCHANT);
    expect(pulls.map((t) => t.amount)).toEqual([PRICE, PRICE]);
  });

  it('refunds a transfer the watcher confirms for an invoice intent closed meanwhile (the late-payment rule)', async () => {
    const monthly = await recurringPrice(env.test, currencyId, 'Late plan', PRICE.toString(), {
      interval: 'month',
    });
    const customer = await newCustomer(env.test, 'Late payer');
    // No allowance: the first collection is declined and its intent waits.
    const payer = `0x${'44'.repeat(20)}`;
    const sub = (await ok('/subscriptions', {
      customer_id: customer,
      items: [{ price_id: monthly, quantity: 1 }],
      currency_id: currencyId,
      payment_method_id: methodId,
      payer,
    })) as unknown as SubState;
    const [invoice] = await invoicesOf(db(), sub.id);
    const intentId = invoice?.paymentIntentId ?? '';
    expect(intentId).toMatch(/^pi_/);
    // The collection intent is closed (as when the invoice is paid another way or voided)...
    await db().update(paymentIntents).set({ status: 'canceled' }).where(eq(paymentIntents.id, intentId));
    // ...and a transfer made for it arrives anyway.
    const hash = ledger.pay(intentId, payer, PRICE);
    const asset = { currencyId, symbol: 'TBTC', decimals: 8, contract: null };
    const delivered = await ledger.deliver(methodId, hash, { reference: intentId, asset, amount: PRICE });
    expect(delivered.status).toBe('confirmed');
    const [row] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
    expect(row).toMatchObject({ status: 'canceled', amountReceived: PRICE });
    expect(row?.paymentDetails).toMatchObject({ requires_refund: true });
    const owed = await db().select().from(refunds).where(eq(refunds.paymentIntentId, intentId));
    expect(owed.map((r) => [r.amount, r.metadata])).toEqual([
      [PRICE, expect.objectContaining({ cause: 'payment_for_canceled_intent', tx_hash: hash })],
    ]);
  });
});
