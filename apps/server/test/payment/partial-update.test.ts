import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// An update changes only the fields it sends: create-time defaults must not fill the others in.
let env: PaymentTestEnv;
beforeAll(async () => {
  env = await startPaymentEnv();
});
afterAll(() => env?.stop());

const without = (body: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(body).filter(([k]) => !keys.includes(k)));

it('keeps a method’s settings and a currency’s precision and type when only metadata is sent', async () => {
  const settings = {
    ethereum: { chain_id: 31337, api_host: 'http://127.0.0.1:8545', explorer_host: 'http://localhost' },
  };
  const method = await env.test('POST', '/payment-methods', {
    body: { type: 'ethereum', name: 'Local EVM', settings },
  });
  expect(method.status, JSON.stringify(method.body)).toBe(200);
  const methodId = String(method.body.id);
  const changedMethod = await env.test('PUT', `/payment-methods/${methodId}`, {
    body: { metadata: { a: '1' } },
  });
  expect(changedMethod.status, JSON.stringify(changedMethod.body)).toBe(200);
  expect(without(changedMethod.body, 'metadata', 'updated_at')).toEqual(
    without(method.body, 'metadata', 'updated_at'),
  );

  const currency = await env.test('POST', '/payment-currencies', {
    body: { payment_method_id: methodId, symbol: 'TUSD', name: 'Test USD', decimal: 6, maximum_precision: 2 },
  });
  expect(currency.status, JSON.stringify(currency.body)).toBe(200);
  const id = String(currency.body.id);
  const changed = await env.test('PUT', `/payment-currencies/${id}`, { body: { metadata: { a: '1' } } });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  expect(changed.body).toMatchObject({ maximum_precision: 2, metadata: { a: '1' } });
  expect(without(changed.body, 'metadata', 'updated_at')).toEqual(
    without(currency.body, 'metadata', 'updated_at'),
  );
});
