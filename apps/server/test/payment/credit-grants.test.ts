import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireGrants } from '../../src/payment/credits/index.js';
import { seedCurrency, startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// Credit grants consumed by the events of a credit meter, over HTTP on real PostgreSQL: priority then
// expiry order, one transaction per grant touched with the grant's remaining balance, the uncovered
// part pending with customer.credit.insufficient, concurrent events never overdrawing, void and
// expiry, and the lists' queries.
let env: PaymentTestEnv;
let creditCurrency: string;
const db = () => env.server.server.services.database.db;

function ok(res: Answer, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

let seq = 0;
const uid = (p: string) => `${p}-${Date.now().toString(36)}-${(seq++).toString(36)}`;

async function setup() {
  const eventName = uid('tokens');
  const meter = ok(
    await env.test('POST', '/meters', {
      body: { name: 'AI tokens', event_name: eventName, unit: 'token', currency_id: creditCurrency },
    }),
    'meter',
  );
  const customer = String(ok(await env.test('POST', '/customers', { body: { name: 'Credit' } }), 'c').id);
  const grant = async (amount: string, extra: Record<string, unknown> = {}) =>
    ok(
      await env.test('POST', '/credit-grants', {
        body: { customer_id: customer, currency_id: creditCurrency, amount, ...extra },
      }),
      'grant',
    );
  const use = async (value: string, identifier = uid('use')) =>
    ok(
      await env.test('POST', '/meter-events', {
        body: { event_name: eventName, identifier, payload: { customer_id: customer, value } },
      }),
      'event',
    );
  const remaining = async (id: string) =>
    ok(await env.test('GET', `/credit-grants/${id}`), 'grant') as {
      remaining_amount: string;
      status: string;
    };
  return { meter, customer, grant, use, remaining };
}

beforeAll(async () => {
  env = await startPaymentEnv();
  const seeded = await seedCurrency(env.test);
  const currency = ok(
    await env.test('POST', '/payment-currencies', {
      body: {
        payment_method_id: seeded.method.id,
        symbol: 'CRD',
        name: 'Credits',
        decimal: 2,
        type: 'credit',
      },
    }),
    'credit currency',
  );
  creditCurrency = String(currency.id);
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

describe('credit consumption', () => {
  it('draws grants in priority then expiry order and leaves the uncovered part pending', async () => {
    const { customer, grant, use, remaining } = await setup();
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const sooner = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const general = await grant('100', { priority: 60 });
    const expiresLater = await grant('50', { priority: 10, expires_at: later });
    const expiresSooner = await grant('30', { priority: 10, expires_at: sooner });

    // 40: the priority-10 grant expiring sooner (30) first, then 10 of the later one.
    const first = await use('40');
    expect(first).toMatchObject({ credit_consumed: '40', credit_pending: '0', status: 'completed' });
    expect(await remaining(String(expiresSooner.id))).toMatchObject({
      remaining_amount: '0',
      status: 'depleted',
    });
    expect((await remaining(String(expiresLater.id))).remaining_amount).toBe('40');
    // A repeated identifier consumes nothing more.
    const again = await use('40', String(first.identifier));
    expect(again.duplicate).toBe(true);
    // 150: the rest of the later grant (40), then the general one (100); 10 stays pending.
    const second = await use('150');
    expect(second).toMatchObject({ credit_consumed: '140', credit_pending: '10', status: 'requires_action' });
    expect(await remaining(String(general.id))).toMatchObject({ remaining_amount: '0', status: 'depleted' });

    const txs = ok(await env.test('GET', `/credit-transactions?customer_id=${customer}&pageSize=10`), 'txs');
    const rows = txs.data as Array<{
      credit_grant_id: string;
      credit_amount: string;
      remaining_balance: string;
    }>;
    expect(txs.count).toBe(4);
    // Transactions of one event share its transaction's time: compared as a set.
    expect(rows.map((r) => [r.credit_grant_id, r.credit_amount, r.remaining_balance]).sort()).toEqual(
      [
        [expiresSooner.id, '30', '0'],
        [expiresLater.id, '10', '40'],
        [expiresLater.id, '40', '0'],
        [general.id, '100', '0'],
      ].sort(),
    );
    const events = ok(await env.test('GET', '/events?type=customer.credit.insufficient'), 'events');
    const raised = (
      events.data as Array<{ data: { object: { customer_id: string; pending_amount: string } } }>
    )
      .map((e) => e.data.object)
      .filter((o) => o.customer_id === customer);
    expect(raised).toEqual([expect.objectContaining({ pending_amount: '10' })]);
  });

  it('never overdraws under concurrent events', async () => {
    const { grant, use, remaining } = await setup();
    const only = await grant('1000');
    const answers = await Promise.all(Array.from({ length: 30 }, () => use('50')));
    const consumed = answers.reduce((n, a) => n + BigInt(String(a.credit_consumed)), 0n);
    const pending = answers.reduce((n, a) => n + BigInt(String(a.credit_pending)), 0n);
    expect(consumed).toBe(1000n);
    expect(pending).toBe(500n);
    expect(await remaining(String(only.id))).toMatchObject({ remaining_amount: '0', status: 'depleted' });
  });

  it('voids and expires grants: neither is consumed again', async () => {
    const { grant, use, remaining } = await setup();
    const voided = await grant('100', { priority: 1 });
    ok(await env.test('PUT', `/credit-grants/${String(voided.id)}/void`), 'void');
    const twice = await env.test('PUT', `/credit-grants/${String(voided.id)}/void`);
    expect(twice.status).toBe(400);
    const expiring = await grant('100', {
      priority: 2,
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const kept = await grant('100', { priority: 3 });
    // The expiry job as it runs two hours from now.
    expect(await expireGrants(db(), new Date(Date.now() + 7_200_000))).toBeGreaterThanOrEqual(1);
    expect((await remaining(String(expiring.id))).status).toBe('expired');
    expect(await use('30')).toMatchObject({ credit_consumed: '30' });
    expect((await remaining(String(voided.id))).remaining_amount).toBe('100');
    expect((await remaining(String(expiring.id))).remaining_amount).toBe('100');
    expect((await remaining(String(kept.id))).remaining_amount).toBe('70');
    const list = ok(
      await env.test('GET', `/credit-grants?customer_id=${String(kept.customer_id)}&status=granted`),
      'list',
    );
    expect((list.data as Array<{ id: string }>).map((g) => g.id)).toEqual([kept.id]);
  });

  it('reads grants and transactions with their credit currency, for formatting amounts', async () => {
    const { customer, grant, use } = await setup();
    const given = await grant('40');
    await use('15');
    const one = ok(await env.test('GET', `/credit-grants/${String(given.id)}`), 'grant');
    expect(one.paymentCurrency).toMatchObject({ id: creditCurrency, symbol: 'CRD', decimal: 2 });
    const grants = ok(await env.test('GET', `/credit-grants?customer_id=${customer}`), 'grants');
    expect((grants.data as Array<{ paymentCurrency: { symbol: string } }>)[0]?.paymentCurrency.symbol).toBe(
      'CRD',
    );
    const moves = ok(await env.test('GET', `/credit-transactions?customer_id=${customer}`), 'moves');
    const first = (moves.data as Array<{ credit_amount: string; paymentCurrency: { id: string } }>)[0];
    expect(first).toMatchObject({ credit_amount: '15', paymentCurrency: { id: creditCurrency } });
  });
});
