import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods } from '../../src/db/schema/index.js';
import { LocalStripe } from '../../src/rails/stripe/local/server.js';
import { cloneTestDatabase } from '../support/database.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { PUBLISHABLE, SECRET, WEBHOOK_SECRET } from './card-support.js';
import { browserCall, newSession } from './pay-support.js';
import { clientFor, TEST_SECRET, type Client } from './support.js';

// A card method's secret key and webhook signing secret are sealed at rest (AES-256-GCM under a key
// of the instance key in DATA_DIR/secrets or APP_SK): the database row holds no plaintext, the API
// answers masks, rows stored in plaintext by earlier versions are sealed at the next start, and the
// rail opens them to pay.
let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let dataDir: string;
let server: TestServer;
let local: LocalStripe;
let methodId = '';
let priceId = '';

const start = (dir: string) =>
  startTestServer(db.url, { PAYMENT_TEST_SECRET_KEY: TEST_SECRET, DATA_DIR: dir });
const test = (): Client => clientFor(server.url, TEST_SECRET);

async function storedSettings(): Promise<Record<string, Record<string, unknown>>> {
  const [row] = await server.server.services.database.db
    .select({ settings: paymentMethods.settings })
    .from(paymentMethods)
    .where(eq(paymentMethods.id, methodId));
  return (row?.settings ?? {}) as Record<string, Record<string, unknown>>;
}

/** A signed-in customer submits a checkout of the card price: the rail needs the secret key for it. */
async function submitByCard(): Promise<{ status: number; body: Record<string, unknown> }> {
  const browser = new TestBrowser(server.url);
  await signIn(browser, newWallet('Sid Sealed', 'sid@example.com'));
  const cs = await newSession(test(), priceId, 1);
  const currencies = await test()('GET', '/payment-currencies', { query: { limit: '100' } });
  const usd = (currencies.body.data as Array<{ id: string; payment_method_id: string }>).find(
    (c) => c.payment_method_id === methodId,
  );
  const res = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, {
    customer_name: 'Sid Sealed',
    customer_email: 'sid@example.com',
    payment_method: methodId,
    payment_currency: usd?.id,
  });
  return { status: res.status, body: res.body };
}

beforeAll(async () => {
  db = await cloneTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-sealed-'));
  server = await start(dataDir);
  local = await new LocalStripe({ secretKey: SECRET }).start();
  const method = await test()('POST', '/payment-methods', {
    body: {
      type: 'stripe',
      name: 'Card (sealed)',
      settings: {
        stripe: {
          publishable_key: PUBLISHABLE,
          secret_key: SECRET,
          webhook_signing_secret: WEBHOOK_SECRET,
          api_host: local.url,
        },
      },
    },
  });
  expect(method.status, JSON.stringify(method.body)).toBe(200);
  methodId = String(method.body.id);
  const currency = await test()('POST', '/payment-currencies', {
    body: { payment_method_id: methodId, symbol: 'USD', name: 'US dollar', decimal: 2 },
  });
  const product = await test()('POST', '/products', { body: { name: 'Sealed book' } });
  const price = await test()('POST', '/prices', {
    body: { product_id: product.body.id, currency_id: currency.body.id, unit_amount: '500' },
  });
  priceId = String(price.body.id);
}, 120_000);
afterAll(async () => {
  await local?.stop();
  await server?.stop();
  await db?.drop();
});

describe("a card method's secrets at rest", () => {
  it('stores them sealed, answers masks, and the rail opens them to pay', async () => {
    const stored = await storedSettings();
    const text = JSON.stringify(stored);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(WEBHOOK_SECRET);
    expect(stored.stripe?.secret_key).toMatchObject({
      sealed: expect.stringMatching(/^v1\./),
      hint: 'sk_test_…card',
    });
    expect(stored.stripe?.webhook_signing_secret).toMatchObject({ hint: 'whsec_…test' });
    const answered = await test()('GET', `/payment-methods/${methodId}`);
    expect((answered.body.settings as Record<string, unknown>).stripe).toMatchObject({
      secret_key: 'sk_test_…card',
      webhook_signing_secret: 'whsec_…test',
    });
    // An update sending the masks back keeps the sealed secrets (and the key check still passes).
    const renamed = await test()('PUT', `/payment-methods/${methodId}`, {
      body: { settings: answered.body.settings as Record<string, unknown> },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(JSON.stringify(await storedSettings())).not.toContain(SECRET);
    const paid = await submitByCard();
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.paymentTarget).toMatchObject({ rail: 'stripe' });
  });

  it('seals a row stored in plaintext by an earlier version at the next start', async () => {
    await server.server.services.database.db
      .update(paymentMethods)
      .set({
        settings: {
          stripe: {
            publishable_key: PUBLISHABLE,
            secret_key: SECRET,
            webhook_signing_secret: WEBHOOK_SECRET,
            api_host: local.url,
          },
        },
      })
      .where(eq(paymentMethods.id, methodId));
    await server.stop();
    server = await start(dataDir);
    const text = JSON.stringify(await storedSettings());
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(WEBHOOK_SECRET);
    expect((await submitByCard()).status).toBe(200);
  }, 60_000);

  it('refuses to use secrets sealed under another instance key, without a server error', async () => {
    await server.stop();
    server = await start(await mkdtemp(path.join(os.tmpdir(), 'payshelf-other-key-')));
    const refused = await submitByCard();
    expect(refused.status, JSON.stringify(refused.body)).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
  }, 60_000);
});
