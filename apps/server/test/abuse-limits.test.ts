import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, signIn, TestBrowser } from './support/identity.js';
import {
  clientFor,
  createLink,
  createPrice,
  createProduct,
  seedCurrency,
  startPaymentEnv,
  type PaymentTestEnv,
} from './payment/support.js';

// Per-address limits on what anyone may call without an account, and what the logs keep of
// credentials and customers' data. The limits are lowered here so a test can reach them.
const lines: string[] = [];
const sink: DestinationStream = { write: (line: string) => void lines.push(line) };
let env: PaymentTestEnv;
let plink: string;

beforeAll(async () => {
  env = await startPaymentEnv(
    {
      // Successful fast requests are logged at debug: this file reads every request line.
      LOG_LEVEL: 'debug',
      CHECKOUT_START_RATE_PER_MINUTE: '3',
      API_KEY_FAILURE_RATE_PER_MINUTE: '3',
      ANALYTICS_BEACON_RATE_PER_MINUTE: '3',
    },
    sink,
  );
  const { currencyId } = await seedCurrency(env.test);
  const price = await createPrice(env.test, currencyId, await createProduct(env.test), {
    unit_amount: '1000000',
  });
  plink = await createLink(env.test, { line_items: [{ price_id: price, quantity: 1 }] });
});
afterAll(() => env?.stop());

function expectLimited(status: number, headers: Headers, body: unknown) {
  expect(status).toBe(429);
  expect(body).toMatchObject({ error: { type: 'rate_limit_error', code: 'rate_limited' } });
  expect(Number(headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('rate limits', () => {
  it('limits checkout sessions started from payment links per address', async () => {
    const start = () => env.anonymous('POST', `/checkout-sessions/start/${plink}`, { body: {} });
    for (let i = 0; i < 3; i++) expect((await start()).status).toBe(200);
    const over = await start();
    expectLimited(over.status, over.headers, over.body);
  });

  it('limits analytics beacons per address', async () => {
    const beacon = () => fetch(`${env.server.url}/.well-known/analytics/pv/docs`);
    for (let i = 0; i < 3; i++) expect((await beacon()).status).toBe(200);
    const over = await beacon();
    expectLimited(over.status, over.headers, await over.json());
  });
});

describe('logs', () => {
  it('keep no sign-in link signature or token from request URLs', async () => {
    await signIn(new TestBrowser(env.server.url), newWallet('Lara Log', 'lara@example.com'));
    const signatures = lines.join('').match(/\b_s_=[^&"\s]*/g) ?? [];
    expect(signatures.length).toBeGreaterThan(0);
    expect(new Set(signatures)).toEqual(new Set(['_s_=[redacted]']));
    expect(lines.join('')).not.toMatch(/_t_=(?!\[redacted\])/);
  });

  it('keep fast successful requests at debug, refusals and failures at info or above', async () => {
    const before = lines.length;
    expect((await fetch(`${env.server.url}/api/session`)).status).toBe(200);
    expect((await fetch(`${env.server.url}/api/no-such-route`)).status).toBe(404);
    const requests = lines
      .slice(before)
      .map((line) => JSON.parse(line) as { msg?: string; level: number; url?: string; status?: number })
      .filter((line) => line.msg === 'request');
    expect(requests.find((line) => line.url === '/api/session')).toMatchObject({ level: 20, status: 200 });
    expect(requests.find((line) => line.url === '/api/no-such-route')).toMatchObject({
      level: 30,
      status: 404,
    });
  });

  it('keep no bound values of a failed SQL statement', async () => {
    await env.server.server.services.database.pool.query(`
      CREATE FUNCTION refuse_insert() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$
        LANGUAGE plpgsql;
      CREATE TRIGGER refuse_insert BEFORE INSERT ON customers FOR EACH ROW EXECUTE FUNCTION refuse_insert();`);
    const before = lines.length;
    const res = await env.test('POST', '/customers', {
      body: { name: 'Zelda Secretname', email: 'zelda.secret@example.com' },
    });
    expect(res.status).toBe(500);
    const logged = lines.slice(before).join('');
    expect(logged).toContain('refused for the test');
    expect(logged).not.toContain('Secretname');
    expect(logged).not.toContain('zelda.secret');
  });
});

describe('secret keys', () => {
  // Last: once over the limit, this address may not try another key for the rest of the minute.
  it('refuses wrong keys over the limit, with the one error shape, but never the correct key', async () => {
    const guess = clientFor(env.server.url, 'sk_test_WrongWrongWrongWrongWrong0000');
    for (let i = 0; i < 3; i++) expect((await guess('GET', '/products')).status).toBe(401);
    const over = await guess('GET', '/products');
    expectLimited(over.status, over.headers, over.body);
    // A merchant behind the same address (a shared NAT) still gets answers with the valid key.
    expect((await env.test('GET', '/products')).status).toBe(200);
    expect((await env.test('GET', '/products')).status).toBe(200);
    // And the guesser is still refused afterwards.
    expect((await guess('GET', '/products')).status).toBe(429);
  });
});
