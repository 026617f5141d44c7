import type { DestinationStream } from 'pino';
import { expect } from 'vitest';
import { cloneTestDatabase } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createKey } from '../../src/payment/keys/service.js';

export const TEST_SECRET = 'sk_test_IntegrationTestKey0123456789abcdef';

export interface Answer {
  status: number;
  // The tests read whatever the endpoint answered; each test checks the shape it expects.
  body: Record<string, unknown> & { error?: { type: string; code: string; message: string; param?: string } };
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  idem?: string;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
}

export type Client = (method: string, path: string, opts?: CallOptions) => Promise<Answer>;

export function clientFor(base: string, secret: string | null): Client {
  return async (method, path, opts = {}) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query ?? {})) {
      for (const item of Array.isArray(v) ? v : [v]) qs.append(k, item);
    }
    const headers: Record<string, string> = { ...opts.headers };
    if (secret) headers.authorization = `Bearer ${secret}`;
    if (opts.idem) headers['idempotency-key'] = opts.idem;
    const hasBody = opts.body !== undefined || opts.rawBody !== undefined;
    if (hasBody) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}/payment/api${path}${qs.size ? `?${qs}` : ''}`, {
      method,
      headers,
      body: opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    });
    return { status: res.status, body: await answerBody(res), headers: res.headers };
  };
}

/** A JSON answer parsed; a file answer (PDF, CSV) as its type and size, so callers can still check status. */
export async function answerBody(res: Response): Promise<Answer['body']> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) {
    const bytes = (await res.arrayBuffer()).byteLength;
    return bytes ? { file_type: type, file_bytes: bytes } : {};
  }
  const text = await res.text();
  return text ? (JSON.parse(text) as Answer['body']) : {};
}

export interface PaymentTestEnv {
  server: TestServer;
  /** Test mode, from PAYMENT_TEST_SECRET_KEY. */
  test: Client;
  /** Live mode, from a key created through the key service. */
  live: Client;
  anonymous: Client;
  liveSecret: string;
  stop(): Promise<void>;
}

export async function startPaymentEnv(
  extra: Record<string, string> = {},
  logTo?: DestinationStream,
): Promise<PaymentTestEnv> {
  const db = await cloneTestDatabase();
  const server = await startTestServer(db.url, { PAYMENT_TEST_SECRET_KEY: TEST_SECRET, ...extra }, logTo);
  const liveKey = await createKey(server.server.services.database.db, 'live tests', true, 'test');
  const liveSecret = liveKey.secret ?? '';
  return {
    server,
    test: clientFor(server.url, TEST_SECRET),
    live: clientFor(server.url, liveSecret),
    anonymous: clientFor(server.url, null),
    liveSecret,
    async stop() {
      await server.stop();
      await db.drop();
    },
  };
}

/** A test-mode EVM method with a 6-decimal currency, the base most tests build on. */
export async function seedCurrency(client: Client, decimal = 6, precision = 6) {
  const method = await client('POST', '/payment-methods', {
    body: {
      type: 'ethereum',
      name: 'Local EVM',
      settings: {
        ethereum: { chain_id: 31337, api_host: 'http://127.0.0.1:8545', explorer_host: 'http://localhost' },
      },
    },
  });
  const currency = await client('POST', '/payment-currencies', {
    body: {
      payment_method_id: method.body.id,
      symbol: 'TUSD',
      name: 'Test USD',
      decimal,
      maximum_precision: precision,
    },
  });
  return { method: method.body, currency: currency.body, currencyId: String(currency.body.id) };
}

/** Creates a product named "Thing" (plus `extra`); answers its id. */
export async function createProduct(client: Client, extra: Record<string, unknown> = {}) {
  return String((await client('POST', '/products', { body: { name: 'Thing', ...extra } })).body.id);
}

/** Creates a price of `productId` in `currencyId` (plus `body`), expecting 200; answers its id. */
export async function createPrice(
  client: Client,
  currencyId: string,
  productId: string,
  body: Record<string, unknown>,
) {
  const res = await client('POST', '/prices', {
    body: { product_id: productId, currency_id: currencyId, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.id);
}

/** Creates a payment link, expecting 200; answers its id. */
export async function createLink(client: Client, body: Record<string, unknown>) {
  const res = await client('POST', '/payment-links', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.id);
}
