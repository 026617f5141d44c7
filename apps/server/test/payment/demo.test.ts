import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { clientFor, TEST_SECRET } from './support.js';

const DEMO_ENV = { DEMO_DATA: '1', DEMO_CHAIN: '0', PAYMENT_TEST_SECRET_KEY: TEST_SECRET };
let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: TestServer;

beforeAll(async () => {
  db = await cloneTestDatabase();
  server = await startTestServer(db.url, DEMO_ENV);
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

interface DemoLink {
  kind: string;
  id: string;
  url: string;
}

describe('demo data', () => {
  it('lists one test-mode payment link per kind of price, each opening a checkout', async () => {
    const anonymous = clientFor(server.url, null);
    const demo = await anonymous('GET', '/demo');
    expect(demo.body).toMatchObject({ enabled: true, livemode: false });
    const links = demo.body.links as DemoLink[];
    expect(links.map((l) => l.kind).sort()).toEqual(
      ['credit', 'cross_sell', 'donation', 'metered', 'one_time', 'recurring', 'tiered', 'upsell'].sort(),
    );
    for (const link of links) {
      expect(link.url).toBe(`${server.url}/payment/checkout/pay/${link.id}`);
      const started = await anonymous('POST', `/checkout-sessions/start/${link.id}`, { body: {} });
      expect(started.status, link.kind).toBe(200);
      expect(started.body.checkoutSession).toMatchObject({ livemode: false, status: 'open' });
    }
    const byKind = Object.fromEntries(links.map((l) => [l.kind, l.id]));
    // The one-time link takes the demo promotion code WELCOME10: 10% off.
    const book = await anonymous('POST', `/checkout-sessions/start/${byKind.one_time ?? ''}`, { body: {} });
    const bookSession = book.body.checkoutSession as { id: string; amount_subtotal: string };
    const welcomed = await anonymous('PUT', `/checkout-sessions/${bookSession.id}/promotion-code`, {
      body: { code: 'welcome10' },
    });
    expect(welcomed.status, JSON.stringify(welcomed.body)).toBe(200);
    expect(welcomed.body.total_details).toMatchObject({
      amount_discount: (BigInt(bookSession.amount_subtotal) / 10n).toString(),
    });
    const crossSell = await anonymous('POST', `/checkout-sessions/start/${byKind.cross_sell ?? ''}`, {
      body: {},
    });
    const cs = (crossSell.body.checkoutSession as { id: string }).id;
    const offer = await anonymous('GET', `/checkout-sessions/${cs}/cross-sell`);
    expect(offer.body.object).toBe('price');
    const tiered = await anonymous('POST', `/checkout-sessions/start/${byKind.tiered ?? ''}`, { body: {} });
    expect((tiered.body.checkoutSession as { amount_total: string }).amount_total).toBe('24000000');
    const settings = await anonymous('GET', '/settings', { query: { livemode: 'false' } });
    expect(settings.body.baseCurrency).toMatchObject({ symbol: 'TUSD', decimal: 6 });
    const methods = settings.body.paymentMethods as Array<{ settings: { ethereum: { chain_id: number } } }>;
    expect(methods[0]?.settings.ethereum.chain_id).toBe(31337);
  });

  it('seeds test mode only, and only once across restarts', async () => {
    const test = clientFor(server.url, TEST_SECRET);
    const before = await test('GET', '/products', { query: { limit: '100' } });
    const count = (before.body.data as unknown[]).length;
    expect(count).toBeGreaterThanOrEqual(8);
    const live = await clientFor(server.url, null)('GET', '/settings', { query: { livemode: 'true' } });
    expect(live.body).toEqual({ paymentMethods: [], baseCurrency: null });
    const second = await startTestServer(db.url, DEMO_ENV);
    try {
      const after = await clientFor(second.url, TEST_SECRET)('GET', '/products', { query: { limit: '100' } });
      expect((after.body.data as unknown[]).length).toBe(count);
    } finally {
      await second.stop();
    }
  });
});

describe('demo data in zh', () => {
  it('sends each link and each product name in Chinese beside the English texts', async () => {
    const anonymous = clientFor(server.url, null);
    const demo = await anonymous('GET', '/demo');
    const links = demo.body.links as Array<DemoLink & { translations?: { zh?: { title: string } } }>;
    for (const link of links) expect(link.translations?.zh?.title, link.kind).toMatch(/[\u4e00-\u9fff]/);
    const recurring = links.find((l) => l.kind === 'recurring');
    const started = await anonymous('POST', `/checkout-sessions/start/${recurring?.id ?? ''}`, { body: {} });
    const session = started.body.checkoutSession as {
      line_items: Array<{ price: { product: { name: string; metadata: unknown } } }>;
    };
    expect(session.line_items[0]?.price.product).toMatchObject({
      name: 'Team plan',
      metadata: { translations: { zh: { name: '团队版' } } },
    });
  });
});
