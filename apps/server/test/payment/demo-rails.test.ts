import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { cloneTestDatabase } from '../support/database.js';
import { startChildServer, type ChildServer } from '../support/server.js';
import { until } from '../support/until.js';
import { browserCall } from './pay-support.js';
import { clientFor, TEST_SECRET, type Client } from './support.js';

// `npm start` in test mode: the server process (dist/main.js, DEMO_DATA=1, the test wallet on) starts
// the local Stripe and the local regtest chain beside anvil, and the demo catalog offers "Card (test)"
// and "Bitcoin (test)" on its one-time links. Nothing outside this machine is contacted.
const ENV = {
  DEMO_DATA: '1',
  DEMO_CHAIN: '1',
  DEMO_CHAIN_PORT: '0',
  DEV_WALLET: '1',
  PAYMENT_TEST_SECRET_KEY: TEST_SECRET,
};
let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: ChildServer;
let anonymous: Client;

interface Method {
  id: string;
  type: string;
  name: string;
  settings: Record<string, Record<string, unknown>>;
  payment_currencies: Array<{ id: string; symbol: string }>;
}

async function demoMethods(): Promise<Method[]> {
  const settings = await anonymous('GET', '/settings', { query: { livemode: 'false' } });
  return settings.body.paymentMethods as Method[];
}

async function byName(name: string): Promise<{ method: Method; currencyId: string }> {
  const method = (await demoMethods()).find((m) => m.name === name);
  expect(method, `${name} among ${JSON.stringify((await demoMethods()).map((m) => m.name))}`).toBeTruthy();
  return { method: method as Method, currencyId: method?.payment_currencies[0]?.id ?? '' };
}

async function oneTimeSession(browser: TestBrowser): Promise<string> {
  const demo = await anonymous('GET', '/demo');
  const link = (demo.body.links as Array<{ kind: string; id: string }>).find((l) => l.kind === 'one_time');
  const started = await browserCall(browser, 'POST', `/checkout-sessions/start/${link?.id ?? ''}`, {});
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return (started.body.checkoutSession as { id: string }).id;
}

async function submit(browser: TestBrowser, cs: string, m: { method: Method; currencyId: string }) {
  const res = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, {
    customer_name: 'Nina Newcomer',
    customer_email: 'nina@example.com',
    payment_method: m.method.id,
    payment_currency: m.currencyId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { paymentIntent: { id: string }; paymentTarget: Record<string, string> };
}

async function sessionOf(cs: string) {
  const res = await anonymous('GET', `/checkout-sessions/retrieve/${cs}`);
  return res.body.checkoutSession as { status: string; payment_status: string; invoice_id: string | null };
}

/** What Stripe.js does on "Pay" with the publishable key: a card PaymentMethod, then confirm. */
async function payByCard(target: Record<string, string>, base: string): Promise<string> {
  const call = async (path: string, form: Record<string, string>) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${target.publishable_key ?? ''}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form),
    });
    return (await res.json()) as { id?: string; status?: string };
  };
  const pm = await call('/v1/payment_methods', {
    type: 'card',
    'card[number]': '4242424242424242',
    'card[exp_month]': '12',
    'card[exp_year]': '40',
    'card[cvc]': '123',
  });
  const confirmed = await call(`/v1/payment_intents/${target.payment_intent_id ?? ''}/confirm`, {
    client_secret: target.client_secret ?? '',
    payment_method: pm.id ?? '',
  });
  return String(confirmed.status);
}

beforeAll(async () => {
  db = await cloneTestDatabase();
  server = await startChildServer(db.url, ENV);
  anonymous = clientFor(server.url, null);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

describe('npm start: the demo card and Bitcoin methods on local services', () => {
  it('seeds "Card (test)" on the local Stripe and "Bitcoin (test)" on the local regtest chain, both answering', async () => {
    const card = await byName('Card (test)');
    expect(card.method.type).toBe('stripe');
    const stripeHost = String(card.method.settings.stripe?.api_host);
    expect(stripeHost).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // Secrets are never answered; the publishable key is.
    expect(JSON.stringify(card.method.settings)).not.toContain('sk_test_payshelf_demo');
    expect(card.method.payment_currencies.map((c) => c.symbol)).toEqual(['USD']);
    // The local Stripe answers the demo key and serves its Stripe.js stand-in.
    const js = await fetch(`${stripeHost}/js/v3`);
    expect(js.status).toBe(200);
    const bitcoin = await byName('Bitcoin (test)');
    expect(bitcoin.method.type).toBe('bitcoin');
    const esplora = String(bitcoin.method.settings.bitcoin?.api_host);
    const tip = await fetch(`${esplora}/blocks/tip/height`);
    expect(tip.status).toBe(200);
    expect(Number(await tip.text())).toBeGreaterThan(0);
    // A checkout page may load the local Stripe's script and call it (the page's policy names it).
    const page = await fetch(`${server.url}/payment/demo`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`script-src [^;]*${stripeHost.replace(/\./g, '\\.')}`));
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${stripeHost.replace(/\./g, '\\.')}`));
  });

  it('pays the one-time demo link by card (4242) through the local Stripe', async () => {
    const browser = new TestBrowser(server.url);
    await signIn(browser, newWallet('Nina Newcomer', 'nina@example.com'));
    const card = await byName('Card (test)');
    const cs = await oneTimeSession(browser);
    const answer = await submit(browser, cs, card);
    // The e-book costs 9.90 TUSD: 990 cents by card.
    expect(answer.paymentTarget).toMatchObject({ rail: 'stripe', amount: '990', currency: 'USD' });
    const stripeHost = String(card.method.settings.stripe?.api_host);
    expect(await payByCard(answer.paymentTarget, stripeHost)).toBe('succeeded');
    const posted = await browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, {
      txHash: answer.paymentTarget.tx_ref,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const session = await sessionOf(cs);
    expect(session).toMatchObject({ status: 'complete', payment_status: 'paid' });
    // The card's brand and last four, from the rail's outcome, on the invoice the customer reads...
    const paidCard = { card_brand: 'visa', card_last4: '4242' };
    const invoice = await browserCall(browser, 'GET', `/invoices/${session.invoice_id ?? ''}?livemode=false`);
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
    expect((invoice.body.metadata as Record<string, unknown>).payment_details).toMatchObject(paidCard);
    // ...and on the payment the admin lists.
    const payments = await clientFor(server.url, TEST_SECRET)('GET', '/payment-intents', {
      query: { limit: '10' },
    });
    const payment = (payments.body.data as Array<{ id: string; payment_details: unknown }>).find(
      (p) => p.id === answer.paymentIntent.id,
    );
    expect(payment?.payment_details).toMatchObject({ ...paidCard, type: 'stripe' });
  });

  it("completes a card checkout whose page never posted, by the local Stripe's webhook", async () => {
    const browser = new TestBrowser(server.url);
    await signIn(browser, newWallet('Wendy Webhook', 'wendy@example.com'));
    const card = await byName('Card (test)');
    const cs = await oneTimeSession(browser);
    const answer = await submit(browser, cs, card);
    expect(await payByCard(answer.paymentTarget, String(card.method.settings.stripe?.api_host))).toBe(
      'succeeded',
    );
    // No post from the page: the signed payment_intent.succeeded event completes it (well before the
    // minute scan for unposted payments would).
    const done = await until(
      'the webhook to complete the card checkout',
      async () => {
        const session = await sessionOf(cs);
        return session.status === 'complete' ? session : undefined;
      },
      20_000,
    );
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
  });

  it('pays the one-time demo link in bitcoin with the test wallet; the demo chain confirms it', async () => {
    const browser = new TestBrowser(server.url);
    await signIn(browser, newWallet('Sam Sats', 'sam@example.com'));
    const bitcoin = await byName('Bitcoin (test)');
    const cs = await oneTimeSession(browser);
    const answer = await submit(browser, cs, bitcoin);
    // 9.90 TUSD at the demo's 1,000 sats a dollar.
    expect(answer.paymentTarget).toMatchObject({ rail: 'bitcoin', amount: '9900' });
    const paid = await browserCall(browser, 'POST', `/checkout-sessions/${cs}/test-wallet`, {});
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // The demo chain mines while transactions wait, so the payment confirms without a miner.
    const done = await until(
      'the bitcoin checkout to complete',
      async () => {
        const session = await sessionOf(cs);
        return session.status === 'complete' ? session : undefined;
      },
      30_000,
    );
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
  });
});
