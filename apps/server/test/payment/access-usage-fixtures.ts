import type { FixtureWorld, Prepared } from './access-fixtures.js';

function ok(res: { status: number; body: unknown }, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, unknown>;
}

let counter = 0;
const unique = () => `m${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * Meters, meter events, credit grants and credit transactions: a fresh test-mode meter (and customer)
 * per cell, so an event name is never taken twice and a live key is refused the test objects.
 */
export function usageFixtures(w: FixtureWorld): Record<string, () => Promise<Prepared>> {
  const meterBody = () => ({ name: 'Matrix meter', event_name: unique(), unit: 'call' });
  const meter = async () => ok(await w.test('POST', '/meters', { body: meterBody() }), 'meter');
  const customer = async () =>
    String(ok(await w.test('POST', '/customers', { body: { name: 'Matrix usage' } }), 'customer').id);
  const eventBody = async () => ({
    event_name: String((await meter()).event_name),
    identifier: unique(),
    payload: { customer_id: await customer(), value: '1' },
  });
  const day = 86_400_000;
  const range = () =>
    `start=${new Date(Date.now() - day).toISOString()}&end=${new Date(Date.now() + day).toISOString()}`;
  const creditCurrency = async () =>
    String(
      ok(
        await w.test('POST', '/payment-currencies', {
          body: {
            payment_method_id: w.cat.methodId,
            symbol: 'MCR',
            name: 'Matrix credit',
            decimal: 2,
            type: 'credit',
          },
        }),
        'credit currency',
      ).id,
    );
  const grantBody = async () => ({
    customer_id: await customer(),
    currency_id: await creditCurrency(),
    amount: '100',
  });
  const grant = async () =>
    String(ok(await w.test('POST', '/credit-grants', { body: await grantBody() }), 'grant').id);
  return {
    'POST /credit-grants': async () => ({
      path: '/credit-grants',
      body: await grantBody(),
      namesTestObjects: true,
    }),
    'GET /credit-grants': async () => ({ path: '/credit-grants' }),
    'GET /credit-grants/{id}': async () => ({ path: `/credit-grants/${await grant()}` }),
    'PUT /credit-grants/{id}/void': async () => ({ path: `/credit-grants/${await grant()}/void` }),
    'GET /credit-transactions': async () => ({ path: '/credit-transactions' }),
    'POST /meters': async () => ({ path: '/meters', body: meterBody() }),
    'GET /meters': async () => ({ path: '/meters' }),
    'GET /meters/{id}': async () => ({ path: `/meters/${String((await meter()).id)}` }),
    'PUT /meters/{id}': async () => ({ path: `/meters/${String((await meter()).id)}`, body: { name: 'x' } }),
    'PUT /meters/{id}/activate': async () => ({ path: `/meters/${String((await meter()).id)}/activate` }),
    'PUT /meters/{id}/deactivate': async () => ({ path: `/meters/${String((await meter()).id)}/deactivate` }),
    'POST /meter-events': async () => ({
      path: '/meter-events',
      body: await eventBody(),
      namesTestObjects: true,
    }),
    'POST /meter-events/batch': async () => ({
      path: '/meter-events/batch',
      body: { events: [await eventBody()] },
      namesTestObjects: true,
    }),
    'GET /meter-events': async () => ({ path: '/meter-events' }),
    'GET /meter-events/stats': async () => ({
      path: `/meter-events/stats?meter_id=${String((await meter()).id)}&${range()}`,
      namesTestObjects: true,
    }),
    'GET /meter-events/pending-amount': async () => ({
      path: `/meter-events/pending-amount?customer_id=${await customer()}`,
      namesTestObjects: true,
    }),
  };
}
