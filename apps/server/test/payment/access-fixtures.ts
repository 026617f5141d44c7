import type { TestChain } from '../support/chain.js';
import type { TestBrowser } from '../support/identity.js';
import type { Catalog } from './pay-support.js';
import type { Client } from './support.js';
import { billingFixtures } from './access-billing-fixtures.js';
import { usageFixtures } from './access-usage-fixtures.js';
import { discountFixtures } from './access-discount-fixtures.js';

/** One concrete request for a route: the path with real ids, and a body that passes validation. */
export interface Prepared {
  path: string;
  body?: unknown;
  /** The body names test-mode objects (a live key is refused them as unknown ids, 400 or 404). */
  namesTestObjects?: boolean;
}

/** What the access matrix needs to build a valid request for every route. */
export interface FixtureWorld {
  test: Client;
  owner: TestBrowser;
  chain: TestChain;
  cat: Catalog;
  /** Customer A's trial invoice and subscription (B must not see them). */
  invoiceOfA: string;
  subscriptionOfA: string;
}

function ok(res: { status: number; body: unknown }, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, unknown>;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Fresh test-mode objects, one per call, so a cell that archives or expires never affects another. */
export function fixtures(w: FixtureWorld) {
  const id = (body: Record<string, unknown>) => String(body.id);
  const methodBody = () => ({
    type: 'ethereum',
    name: `Matrix ${unique()}`,
    settings: {
      ethereum: {
        chain_id: w.chain.demo.chainId,
        api_host: w.chain.demo.rpcUrl,
        explorer_host: 'https://explorer.example',
        merchant_address: w.chain.freshAddress(),
      },
    },
  });
  const method = async () =>
    id(ok(await w.test('POST', '/payment-methods', { body: methodBody() }), 'method'));
  const currencyBody = async () => ({
    payment_method_id: await method(),
    symbol: 'MTX',
    name: 'Matrix token',
    decimal: 6,
  });
  const currency = async () =>
    id(ok(await w.test('POST', '/payment-currencies', { body: await currencyBody() }), 'currency'));
  const product = async () =>
    id(ok(await w.test('POST', '/products', { body: { name: `Thing ${unique()}` } }), 'product'));
  const priceBody = async () => ({
    product_id: await product(),
    currency_id: w.cat.currencyId,
    unit_amount: '1000000',
  });
  const price = async () => id(ok(await w.test('POST', '/prices', { body: await priceBody() }), 'price'));
  const linkBody = async () => ({ line_items: [{ price_id: await price(), quantity: 1 }] });
  const link = async () => id(ok(await w.test('POST', '/payment-links', { body: await linkBody() }), 'link'));
  const customer = async () =>
    id(
      ok(
        await w.test('POST', '/customers', { body: { name: 'Matrix', email: 'm@example.com' } }),
        'customer',
      ),
    );
  const sessionBody = () => ({ line_items: [{ price_id: w.cat.priceId, quantity: 1 }] });
  const session = async () =>
    id(ok(await w.test('POST', '/checkout-sessions', { body: sessionBody() }), 'session'));
  const apiKey = async () => {
    const res = await w.owner.request('/payment/api/api-keys?livemode=false', {
      method: 'POST',
      body: JSON.stringify({ name: `matrix ${unique()}`, livemode: false }),
    });
    return id(ok({ status: res.status, body: await res.json() }, 'api key'));
  };
  const setting = async () => {
    const mountLocation = `m-${unique()}`;
    const res = await w.owner.request('/payment/api/settings?livemode=false', {
      method: 'POST',
      body: JSON.stringify({ mountLocation, livemode: false }),
    });
    ok({ status: res.status, body: await res.json() }, 'setting');
    return mountLocation;
  };
  const update = { metadata: { matrix: '1' } };
  // Webhook endpoints of the matrix listen to an event type nothing writes, so nothing is ever sent.
  const webhookBody = () => ({ url: 'http://127.0.0.1:9/matrix', enabled_events: ['matrix.never_sent'] });
  const webhookEndpoint = async () =>
    id(ok(await w.test('POST', '/webhook-endpoints', { body: webhookBody() }), 'webhook endpoint'));
  const event = async () => {
    const list = ok(await w.test('GET', '/events', { query: { limit: '1' } }), 'events');
    return String((list.data as Array<{ id: string }>)[0]?.id);
  };

  /** Keyed by `METHOD /openapi/path`; a route missing here fails the matrix, so new routes get a row. */
  const table: Record<string, () => Promise<Prepared>> = {
    'POST /api-keys': async () => ({ path: '/api-keys', body: { name: `k ${unique()}`, livemode: false } }),
    'GET /api-keys': async () => ({ path: '/api-keys' }),
    'DELETE /api-keys/{id}': async () => ({ path: `/api-keys/${await apiKey()}` }),
    'POST /payment-methods': async () => ({ path: '/payment-methods', body: methodBody() }),
    'POST /payment-currencies': async () => ({
      path: '/payment-currencies',
      body: await currencyBody(),
      namesTestObjects: true,
    }),
    'POST /products': async () => ({ path: '/products', body: { name: 'Matrix product' } }),
    'POST /prices': async () => ({ path: '/prices', body: await priceBody(), namesTestObjects: true }),
    'POST /customers': async () => ({ path: '/customers', body: { name: 'New customer' } }),
    'POST /payment-links': async () => ({
      path: '/payment-links',
      body: await linkBody(),
      namesTestObjects: true,
    }),
    'POST /checkout-sessions': async () => ({
      path: '/checkout-sessions',
      body: sessionBody(),
      namesTestObjects: true,
    }),
    'GET /invoices/{id}': async () => ({ path: `/invoices/${w.invoiceOfA}` }),
    'GET /invoices': async () => ({ path: '/invoices' }),
    'GET /subscriptions/{id}': async () => ({ path: `/subscriptions/${w.subscriptionOfA}` }),
    'GET /subscriptions': async () => ({ path: '/subscriptions' }),
    'GET /checkout-sessions/retrieve/{id}': async () => ({
      path: `/checkout-sessions/retrieve/${await session()}`,
    }),
    'POST /checkout-sessions/start/{id}': async () => ({ path: `/checkout-sessions/start/${await link()}` }),
    'GET /checkout-sessions/{id}/cross-sell': async () => ({
      path: `/checkout-sessions/${await session()}/cross-sell`,
    }),
    'PUT /checkout-sessions/{id}/cross-sell': async () => ({
      path: `/checkout-sessions/${await session()}/cross-sell`,
      body: { to: w.cat.priceId },
    }),
    'DELETE /checkout-sessions/{id}/cross-sell': async () => ({
      path: `/checkout-sessions/${await session()}/cross-sell`,
    }),
    'PUT /checkout-sessions/{id}/upsell': async () => ({
      path: `/checkout-sessions/${await session()}/upsell`,
      body: { from: w.cat.priceId, to: w.cat.priceId },
    }),
    'PUT /checkout-sessions/{id}/downsell': async () => ({
      path: `/checkout-sessions/${await session()}/downsell`,
      body: { from: w.cat.priceId },
    }),
    'PUT /checkout-sessions/{id}/adjust-quantity': async () => ({
      path: `/checkout-sessions/${await session()}/adjust-quantity`,
      body: { itemId: 'li_missing', quantity: 2 },
    }),
    'PUT /checkout-sessions/{id}/amount': async () => ({
      path: `/checkout-sessions/${await session()}/amount`,
      body: { priceId: w.cat.priceId, amount: '1' },
    }),
    'PUT /checkout-sessions/{id}/submit': async () => ({
      path: `/checkout-sessions/${await session()}/submit`,
      body: {
        customer_name: 'Matrix Buyer',
        customer_email: 'buyer@example.com',
        payment_method: w.cat.methodId,
        payment_currency: w.cat.currencyId,
      },
    }),
    'PUT /checkout-sessions/{id}/donate-submit': async () => ({
      path: `/checkout-sessions/${await session()}/donate-submit`,
      body: {
        customer_name: 'Matrix Donor',
        customer_email: 'donor@example.com',
        payment_method: w.cat.methodId,
        payment_currency: w.cat.currencyId,
      },
    }),
    'POST /checkout-sessions/{id}/tx': async () => ({
      path: `/checkout-sessions/${await session()}/tx`,
      body: { txHash: `0x${'ab'.repeat(32)}` },
    }),
    'POST /rail-webhooks/{method_id}': async () => ({
      path: `/rail-webhooks/${w.cat.methodId}`,
      body: { id: 'evt_matrix', type: 'payment_intent.succeeded' },
    }),
    'POST /checkout-sessions/{id}/test-wallet': async () => ({
      path: `/checkout-sessions/${await session()}/test-wallet`,
    }),
    'POST /checkout-sessions/{id}/fast-checkout-confirm': async () => ({
      path: `/checkout-sessions/${await session()}/fast-checkout-confirm`,
      body: {},
    }),
    'POST /checkout-sessions/{id}/payer-challenge': async () => ({
      path: `/checkout-sessions/${await session()}/payer-challenge`,
      body: { payment_method: w.cat.methodId, address: `0x${'12'.repeat(20)}` },
    }),
    'POST /checkout-sessions/{id}/payer-proof': async () => ({
      path: `/checkout-sessions/${await session()}/payer-proof`,
      body: {
        payment_method: w.cat.methodId,
        challenge_id: 'pch_missing',
        signature: `0x${'ab'.repeat(65)}`,
      },
    }),
    'GET /customers/me': async () => ({ path: '/customers/me?skipSummary=1&fallback=1' }),
    'POST /customers/sync-to-space': async () => ({ path: '/customers/sync-to-space', body: {} }),
    'GET /payment-links/{id}/benefits': async () => ({ path: `/payment-links/${await link()}/benefits` }),
    'GET /settings': async () => ({ path: '/settings' }),
    'POST /settings': async () => ({ path: '/settings', body: { mountLocation: `m-${unique()}` } }),
    'PUT /settings/{key}': async () => ({
      path: `/settings/${await setting()}`,
      body: { livemode: false, settings: { a: '1' } },
    }),
    'GET /demo': async () => ({ path: '/demo' }),
    'GET /customers/{id}/balance-transactions': async () => ({
      path: `/customers/${await customer()}/balance-transactions`,
    }),
    'POST /customers/{id}/balance-transactions': async () => ({
      path: `/customers/${await customer()}/balance-transactions`,
      body: { amount: '100', currency_id: w.cat.currencyId },
      namesTestObjects: true,
    }),
    // A live key is refused the loopback URL (live endpoints reach public addresses only): 'refused'.
    'POST /webhook-endpoints': async () => ({
      path: '/webhook-endpoints',
      body: webhookBody(),
      namesTestObjects: true,
    }),
    'GET /webhook-endpoints': async () => ({ path: '/webhook-endpoints' }),
    'GET /webhook-endpoints/{id}': async () => ({ path: `/webhook-endpoints/${await webhookEndpoint()}` }),
    'POST /webhook-endpoints/{id}': async () => ({
      path: `/webhook-endpoints/${await webhookEndpoint()}`,
      body: { description: 'matrix' },
    }),
    'DELETE /webhook-endpoints/{id}': async () => ({ path: `/webhook-endpoints/${await webhookEndpoint()}` }),
    'GET /webhook-endpoints/{id}/attempts': async () => ({
      path: `/webhook-endpoints/${await webhookEndpoint()}/attempts`,
    }),
    'GET /events': async () => ({ path: '/events' }),
    'GET /events/{id}': async () => ({ path: `/events/${await event()}` }),
  };
  // The merchant resources share one shape: create, list, retrieve, update, archive.
  const resources: Array<[string, () => Promise<string>]> = [
    ['/payment-methods', method],
    ['/payment-currencies', currency],
    ['/products', product],
    ['/prices', price],
    ['/customers', customer],
    ['/payment-links', link],
    ['/checkout-sessions', session],
  ];
  for (const [base, make] of resources) {
    table[`GET ${base}`] = async () => ({ path: base });
    table[`GET ${base}/{id}`] = async () => ({ path: `${base}/${await make()}` });
    table[`PUT ${base}/{id}`] = async () => ({ path: `${base}/${await make()}`, body: update });
    table[`PUT ${base}/{id}/archive`] = async () => ({ path: `${base}/${await make()}/archive` });
  }
  table['PUT /checkout-sessions/{id}/expire'] = async () => ({
    path: `/checkout-sessions/${await session()}/expire`,
  });
  // The customer portal: payments, refunds, overdue invoices of customer A, the bulk-pay batch.
  const customerOfA = async () =>
    String(ok(await w.test('GET', `/invoices/${w.invoiceOfA}`), 'invoice').customer_id);
  Object.assign(table, {
    'GET /portal/payments': async () => ({ path: '/portal/payments' }),
    'GET /portal/refunds': async () => ({ path: '/portal/refunds' }),
    'GET /subscriptions/{id}/overdue/invoices': async () => ({
      path: `/subscriptions/${w.subscriptionOfA}/overdue/invoices`,
    }),
    'GET /customers/{id}/overdue/invoices': async () => ({
      path: `/customers/${await customerOfA()}/overdue/invoices`,
    }),
    'POST /portal/overdue/batch': async () => ({
      path: '/portal/overdue/batch',
      body: { currencyId: w.cat.currencyId, subscriptionId: w.subscriptionOfA },
    }),
  } satisfies Record<string, () => Promise<Prepared>>);
  // The payment admin's views (custadmin): activity, overview, refunds, donation settings.
  const donationSetting = async () => {
    const res = await w.owner.request('/payment/api/settings?livemode=false', {
      method: 'POST',
      body: JSON.stringify({ mountLocation: `d-${unique()}`, type: 'donate', livemode: false }),
    });
    return id(ok({ status: res.status, body: await res.json() }, 'donation setting'));
  };
  table['GET /customers/{id}/activity'] = async () => ({ path: `/customers/${await customer()}/activity` });
  table['GET /overview'] = async () => ({ path: '/overview' });
  table['POST /refunds'] = async () => ({ path: '/refunds', body: { payment_intent_id: 'pi_missing' } });
  table['POST /subscriptions/{id}/refund-last-payment'] = async () => ({
    path: `/subscriptions/${w.subscriptionOfA}/refund-last-payment`,
    body: {},
  });
  // A watch-only method's refund the merchant signs: a missing refund is a 400, never another's data.
  table['GET /refunds/{id}/psbt'] = async () => ({ path: '/refunds/re_missing/psbt' });
  table['POST /refunds/{id}/signed'] = async () => ({
    path: '/refunds/re_missing/signed',
    body: { signed: 'cHNidP8B' },
  });
  table['GET /donation-settings'] = async () => ({ path: '/donation-settings' });
  table['GET /donation-settings/lookup'] = async () => ({
    path: '/donation-settings/lookup?mount_location=x',
  });
  table['PUT /donation-settings/{id}'] = async () => ({
    path: `/donation-settings/${await donationSetting()}`,
    body: { settings: { amount: { presets: ['1'] } } },
  });
  Object.assign(table, billingFixtures(w));
  Object.assign(table, usageFixtures(w));
  Object.assign(table, discountFixtures(w));
  // The browser wallet paying a batch: customer A's trial owes nothing; the posted hash names no batch.
  table['POST /portal/overdue/batch/wallet'] = async () => ({
    path: '/portal/overdue/batch/wallet',
    body: { currencyId: w.cat.currencyId, subscriptionId: w.subscriptionOfA },
  });
  table['POST /portal/overdue/batch/{id}/tx'] = async () => ({
    path: '/portal/overdue/batch/pi_MatrixNoSuchBatch01/tx',
    body: { txHash: `0x${'ab'.repeat(32)}` },
  });
  return table;
}
