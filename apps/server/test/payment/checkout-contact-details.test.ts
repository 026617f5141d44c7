import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChain, type TestChain } from '../support/chain.js';
import { signInOwnerAliceBob, type TestBrowser } from '../support/identity.js';
import { browserCall, seedChainCatalog, submitBody, type Catalog } from './pay-support.js';
import { recurringPrice, subscriptionSession } from './subscription-support.js';
import { startPaymentEnv, TEST_SECRET, type PaymentTestEnv } from './support.js';

// Issue 20 item 3: contact details typed at checkout belong to that checkout and its invoice; the
// signed-in customer's record changes only when they choose to save them (customer_update 'replace',
// the page's "Save these details to my account"), or when it has no details yet.
let env: PaymentTestEnv;
let chain: TestChain;
let alice: TestBrowser;
let cat: Catalog;
let trialPrice: string;

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  cat = await seedChainCatalog(env.test, chain, chain.freshAddress());
  [, alice] = await signInOwnerAliceBob(env.server.url);
  trialPrice = await recurringPrice(env.test, cat.currencyId, 'Contact plan', '5000000', {
    interval: 'month',
  });
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

/** A free-trial checkout (completes at submit, nothing to pay) submitted by Alice with `extra`. */
async function trialCheckout(extra: Record<string, unknown>) {
  const cs = await subscriptionSession(env.test, [{ price_id: trialPrice, quantity: 1 }], {
    trial_period_days: 7,
  });
  const res = await browserCall(alice, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat, extra));
  expect(res.status).toBe(200);
  const session = res.body.checkoutSession as { status: string; invoice_id: string | null };
  expect(session.status).toBe('complete');
  return { cs, customer: res.body.customer as { id: string; name: string; email: string }, session };
}

const other = {
  customer_name: 'Someone Else',
  customer_email: 'else@example.com',
  customer_phone: '+1 555 0199',
};

describe('checkout contact details', () => {
  it('a fresh customer takes the typed details; later ones stay on the checkout and its invoice', async () => {
    const first = await trialCheckout({});
    expect(first.customer).toMatchObject({ name: 'Alice Example', email: 'alice@example.com' });

    const second = await trialCheckout(other);
    expect(second.customer).toMatchObject({ name: 'Alice Example', email: 'alice@example.com' });
    const saved = await env.test('GET', `/customers/${first.customer.id}`);
    expect(saved.body).toMatchObject({ name: 'Alice Example', email: 'alice@example.com', phone: null });
    const me = await browserCall(alice, 'GET', '/customers/me');
    expect(JSON.stringify(me.body)).not.toContain('Someone Else');

    // The checkout and its invoice keep what was typed.
    const own = await browserCall(alice, 'GET', `/checkout-sessions/retrieve/${second.cs}`);
    expect(own.body.checkoutSession).toMatchObject({
      customer_email: 'else@example.com',
      customer_details: { name: 'Someone Else', email: 'else@example.com', phone: '+1 555 0199' },
    });
    const invoice = await env.test('GET', `/invoices/${second.session.invoice_id}`);
    expect(invoice.body).toMatchObject({
      customer_id: first.customer.id,
      customer_details: { name: 'Someone Else', email: 'else@example.com' },
    });
    // Nobody else sees them on the shared session id.
    const anonymous = await env.anonymous('GET', `/checkout-sessions/retrieve/${second.cs}`);
    expect(anonymous.body.checkoutSession).toMatchObject({ customer_email: null, customer_details: null });
    expect(JSON.stringify(anonymous.body)).not.toContain('Someone Else');
  });

  it('the invoice CSV export shows the bill-to typed at checkout, else the customer record', async () => {
    const typed = await trialCheckout(other);
    // An invoice made without a checkout (a subscription created with the key) has no typed bill-to.
    const made = await env.test('POST', '/subscriptions', {
      body: {
        customer_id: typed.customer.id,
        items: [{ price_id: trialPrice, quantity: 1 }],
        currency_id: cat.currencyId,
        payment_method_id: cat.methodId,
        collection_method: 'send_invoice',
        days_until_due: 30,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const res = await fetch(
      `${env.server.url}/payment/api/exports/invoices.csv?livemode=false&customer_id=${typed.customer.id}`,
      { headers: { authorization: `Bearer ${TEST_SECRET}` } },
    );
    expect(res.status).toBe(200);
    const rows = (await res.text()).split('\r\n');
    const fromCheckout = rows.find((r) => r.startsWith(`${typed.session.invoice_id ?? '-'},`));
    expect(fromCheckout).toContain(',Someone Else,else@example.com,');
    const fromApi = rows.find((r) => r.includes(`,${String(made.body.id)},`));
    expect(fromApi).toContain(',Alice Example,alice@example.com,');

    // The payments export names the same bill-to for the checkout's payment.
    const payments = await fetch(
      `${env.server.url}/payment/api/exports/payments.csv?livemode=false&customer_id=${typed.customer.id}`,
      { headers: { authorization: `Bearer ${TEST_SECRET}` } },
    );
    const paymentRows = (await payments.text()).split('\r\n');
    const paid = paymentRows.find((r) => r.includes(`,${typed.cs},`));
    expect(paid).toContain(',Someone Else,else@example.com,');
  });

  it('saves the typed details to the account only when asked', async () => {
    const saved = await trialCheckout({ ...other, customer_name: 'Alice Saved', customer_update: 'replace' });
    expect(saved.customer).toMatchObject({ name: 'Alice Saved', email: 'else@example.com' });
    const row = await env.test('GET', `/customers/${saved.customer.id}`);
    expect(row.body).toMatchObject({ name: 'Alice Saved', email: 'else@example.com', phone: '+1 555 0199' });
  });
});
