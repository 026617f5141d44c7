import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, startPaymentEnv, TEST_SECRET, type PaymentTestEnv } from './support.js';

let env: PaymentTestEnv;
beforeAll(async () => {
  env = await startPaymentEnv();
});
afterAll(() => env?.stop());

describe('secret API keys', () => {
  it('accepts the key registered from PAYMENT_TEST_SECRET_KEY, in test mode', async () => {
    const res = await env.test('GET', '/products');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'list', data: [], has_more: false });
  });

  it('refuses anonymous, malformed and unknown keys with 401 and the one error shape', async () => {
    const anonymous = await env.anonymous('GET', '/products');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.type).toBe('authentication_error');
    const malformed = await clientFor(env.server.url, 'nope')('GET', '/products');
    expect(malformed.status).toBe(401);
    const unknown = await clientFor(env.server.url, `${TEST_SECRET.slice(0, -1)}X`)('GET', '/products');
    expect(unknown.status).toBe(401);
  });

  it('stores only a hash of the secret', async () => {
    const { rows } = await env.server.server.services.database.pool.query<{
      secret_hash: string;
      redacted: string;
    }>('SELECT secret_hash, redacted FROM api_keys');
    expect(rows.length).toBe(2);
    for (const row of rows) {
      expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(TEST_SECRET);
      expect(JSON.stringify(row)).not.toContain(env.liveSecret);
    }
  });

  it('keeps admin key management behind a signed-in owner or admin', async () => {
    const create = await env.anonymous('POST', '/api-keys', { body: { name: 'ci', livemode: false } });
    expect(create.status).toBe(401);
    const withSecretKey = await env.test('GET', '/api-keys');
    expect(withSecretKey.status).toBe(401);
  });
});
