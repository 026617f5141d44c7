import type { FixtureWorld, Prepared } from './access-fixtures.js';

function ok(res: { status: number; body: unknown }, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, unknown>;
}

/**
 * Billing engine routes: subscriptions of a fresh customer (not customer A's, so every signed-in
 * customer is refused them as missing), with a free monthly price (active at once, no chain needed)
 * or a paid one billed by send_invoice (an open invoice), and test clocks.
 */
export function billingFixtures(w: FixtureWorld): Record<string, () => Promise<Prepared>> {
  const id = (body: Record<string, unknown>) => String(body.id);
  const monthly = async (amount: string) => {
    const product = id(ok(await w.test('POST', '/products', { body: { name: 'Matrix plan' } }), 'product'));
    const body = {
      product_id: product,
      currency_id: w.cat.currencyId,
      unit_amount: amount,
      recurring: { interval: 'month' },
    };
    return id(ok(await w.test('POST', '/prices', { body }), 'price'));
  };
  const createBody = async (amount = '0') => ({
    customer_id: id(
      ok(await w.test('POST', '/customers', { body: { name: 'Matrix subscriber' } }), 'customer'),
    ),
    items: [{ price_id: await monthly(amount), quantity: 1 }],
    currency_id: w.cat.currencyId,
    payment_method_id: w.cat.methodId,
    collection_method: 'send_invoice',
  });
  const sub = async () =>
    id(ok(await w.test('POST', '/subscriptions', { body: await createBody() }), 'subscription'));
  const act = async (path: string, body: unknown = {}) => ok(await w.test('POST', path, { body }), path);
  const openInvoice = async () => {
    const created = ok(
      await w.test('POST', '/subscriptions', { body: await createBody('1000000') }),
      'subscription',
    );
    return String(created.latest_invoice_id);
  };
  const clock = async () =>
    id(
      ok(
        await w.test('POST', '/test-clocks', { body: { frozen_time: '2027-01-01T00:00:00.000Z' } }),
        'clock',
      ),
    );
  return {
    'POST /subscriptions': async () => ({
      path: '/subscriptions',
      body: await createBody(),
      namesTestObjects: true,
    }),
    'POST /subscriptions/{id}': async () => ({
      path: `/subscriptions/${await sub()}`,
      body: { description: 'x' },
    }),
    'POST /subscriptions/{id}/cancel': async () => ({
      path: `/subscriptions/${await sub()}/cancel`,
      body: {},
    }),
    'POST /subscriptions/{id}/resume': async () => {
      const s = await sub();
      await act(`/subscriptions/${s}/cancel`, { at_period_end: true });
      return { path: `/subscriptions/${s}/resume`, body: {} };
    },
    'POST /subscriptions/{id}/recover': async () => {
      const s = await sub();
      await act(`/subscriptions/${s}/cancel`);
      return { path: `/subscriptions/${s}/recover`, body: {} };
    },
    'POST /subscriptions/{id}/pause': async () => ({ path: `/subscriptions/${await sub()}/pause`, body: {} }),
    'POST /subscriptions/{id}/unpause': async () => {
      const s = await sub();
      await act(`/subscriptions/${s}/pause`);
      return { path: `/subscriptions/${s}/unpause`, body: {} };
    },
    'POST /invoices/{id}/pay': async () => ({ path: `/invoices/${await openInvoice()}/pay`, body: {} }),
    'POST /invoices/{id}/void': async () => ({ path: `/invoices/${await openInvoice()}/void`, body: {} }),
    'POST /invoices/{id}/mark-uncollectible': async () => ({
      path: `/invoices/${await openInvoice()}/mark-uncollectible`,
      body: {},
    }),
    'GET /subscriptions/{id}/upcoming-invoice': async () => ({
      path: `/subscriptions/${await sub()}/upcoming-invoice`,
    }),
    'GET /subscriptions/{id}/plan-options': async () => ({
      path: `/subscriptions/${await sub()}/plan-options`,
    }),
    'GET /subscriptions/{id}/allowance': async () => ({ path: `/subscriptions/${await sub()}/allowance` }),
    'POST /subscriptions/{id}/allowance': async () => ({
      path: `/subscriptions/${await sub()}/allowance`,
      body: {},
    }),
    'POST /subscription-items/{id}/usage-records': async () => {
      const product = id(ok(await w.test('POST', '/products', { body: { name: 'Metered' } }), 'product'));
      const body = {
        product_id: product,
        currency_id: w.cat.currencyId,
        unit_amount: '10',
        recurring: { interval: 'month', usage_type: 'metered' },
      };
      const price = id(ok(await w.test('POST', '/prices', { body }), 'price'));
      const created = ok(
        await w.test('POST', '/subscriptions', {
          body: { ...(await createBody()), items: [{ price_id: price, quantity: 1 }] },
        }),
        'subscription',
      );
      const [item] = created.items as Array<{ id: string }>;
      return { path: `/subscription-items/${item?.id ?? ''}/usage-records`, body: { quantity: 3 } };
    },
    'POST /test-clocks': async () => ({
      path: '/test-clocks',
      body: { frozen_time: '2027-01-01T00:00:00.000Z' },
      namesTestObjects: true,
    }),
    'GET /test-clocks': async () => ({ path: '/test-clocks' }),
    'GET /test-clocks/{id}': async () => ({ path: `/test-clocks/${await clock()}` }),
    'POST /test-clocks/{id}/advance': async () => ({
      path: `/test-clocks/${await clock()}/advance`,
      body: { frozen_time: '2027-02-01T00:00:00.000Z' },
    }),
    // The admin's billing reads (merchant only).
    'GET /payment-intents': async () => ({ path: '/payment-intents' }),
    'GET /refunds': async () => ({ path: '/refunds' }),
    'GET /subscriptions/{id}/events': async () => ({ path: `/subscriptions/${w.subscriptionOfA}/events` }),
    'GET /test-clocks/{id}/objects': async () => ({ path: `/test-clocks/${await clock()}/objects` }),
    // File downloads: the merchant's CSV exports, and customer A's invoice as a PDF.
    'GET /exports/invoices.csv': async () => ({ path: '/exports/invoices.csv' }),
    'GET /exports/payments.csv': async () => ({ path: '/exports/payments.csv' }),
    'GET /invoices/{id}/pdf': async () => ({ path: `/invoices/${w.invoiceOfA}/pdf` }),
  };
}
