import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from '../../src/payment/webhooks/send.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';
import { startReceiver } from './webhook-receiver.js';

// Test-mode webhooks may go to loopback (local development), but never to a port the server itself runs
// there: its database, its demo chain's RPC, its own web server. Refused with a clear 400 when the endpoint
// is created or changed, and again at every send (a name may resolve elsewhere by then).
let env: PaymentTestEnv;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const ports = { database: 0, chain: 0, server: 0 };

beforeAll(async () => {
  env = await startPaymentEnv({ DEMO_DATA: '1', DEMO_CHAIN: '1', DEMO_CHAIN_PORT: '0' });
  receiver = await startReceiver();
  const { services } = env.server.server;
  ports.database = Number(new URL(services.database.pool.options.connectionString ?? '').port);
  const rpc = services.rails.demoNetwork()?.method.settings.ethereum?.api_host ?? '';
  ports.chain = Number(new URL(rpc).port);
  ports.server = Number(new URL(env.server.url).port);
}, 120_000);
afterAll(async () => {
  await receiver?.stop();
  await env?.stop();
});

const create = (url: string) =>
  env.test('POST', '/webhook-endpoints', { body: { url, enabled_events: ['*'] } });

describe('test-mode webhook endpoints and the server own ports', () => {
  it('refuses the database, chain and server ports on loopback with a clear 400; other loopback ports work', async () => {
    expect(ports.database && ports.chain && ports.server).toBeTruthy();
    for (const [what, port] of Object.entries(ports)) {
      for (const host of ['127.0.0.1', 'localhost', '[::1]', '0.0.0.0']) {
        const res = await create(`http://${host}:${port}/hook`);
        expect(res.status, `${what} ${host}`).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'url_own_port', param: 'url' });
        expect(res.body.error?.message).toContain(`:${port}`);
      }
    }
    const ok = await create(receiver.url('/fine'));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // Changing an endpoint to an own port is refused the same way.
    const changed = await env.test('POST', `/webhook-endpoints/${String(ok.body.id)}`, {
      body: { url: `http://127.0.0.1:${ports.database}/hook` },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.error).toMatchObject({ code: 'url_own_port', param: 'url' });
  });

  it('refuses them again at send time, and stores no answer from them', async () => {
    for (const port of Object.values(ports)) {
      const result = await sendWebhook(`http://localhost:${port}/hook`, '{}', {}, { allowPrivate: true });
      expect(result).toMatchObject({ ok: false, status: null, body: null });
      expect(result.error).toContain("this server's own ports");
    }
    const sent = await sendWebhook(receiver.url('/other'), '{}', {}, { allowPrivate: true });
    expect(sent).toMatchObject({ ok: true, status: 200 });
  });
});
