import { verifyWebhookSignature } from '@payshelf/api/webhooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../support/until.js';
import {
  createPrice,
  createProduct,
  seedCurrency,
  startPaymentEnv,
  type Client,
  type PaymentTestEnv,
} from './support.js';
import { startReceiver } from './webhook-receiver.js';

let env: PaymentTestEnv;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const prices = new Map<Client, string>();

beforeAll(async () => {
  // Retries start 0.3 s apart here instead of a minute, so a retry is seen within the test.
  env = await startPaymentEnv({ WEBHOOK_RETRY_BASE_SECONDS: '0.3' });
  // /flaky answers 500 to its first request of each event, then 200.
  const firsts = new Set<string>();
  receiver = await startReceiver((path) => {
    if (path !== '/flaky') return 200;
    const last = receiver.at('/flaky').at(-1);
    const id = last ? (JSON.parse(last.body) as { id: string }).id : '';
    if (firsts.has(id)) return 200;
    firsts.add(id);
    return 500;
  });
  for (const client of [env.test, env.live]) {
    const { currencyId } = await seedCurrency(client);
    prices.set(
      client,
      await createPrice(client, currencyId, await createProduct(client), { unit_amount: '1000' }),
    );
  }
}, 60_000);
afterAll(async () => {
  await env?.stop();
  await receiver?.stop();
});

async function endpoint(client: Client, path: string, events: string[] = ['*']) {
  const res = await client('POST', '/webhook-endpoints', {
    body: { url: receiver.url(path), enabled_events: events, description: path },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: String(res.body.id), secret: String(res.body.secret) };
}

/** Writes one `payment_link.created` event in the client's mode; answers the event's id. */
async function makeEvent(client: Client): Promise<string> {
  const link = await client('POST', '/payment-links', {
    body: { line_items: [{ price_id: prices.get(client), quantity: 1 }] },
  });
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const list = await client('GET', '/events', { query: { type: 'payment_link.created', limit: '100' } });
  const event = (list.body.data as Array<{ id: string; data: { object: { id: string } } }>).find(
    (e) => e.data.object.id === link.body.id,
  );
  if (!event) throw new Error('no payment_link.created event');
  return event.id;
}

const eventIdOf = (body: string) => (JSON.parse(body) as { id: string }).id;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('webhook delivery', () => {
  it('sends each event once to every enabled endpoint that listens to it, signed with its secret', async () => {
    const all = await endpoint(env.test, '/all');
    const links = await endpoint(env.test, '/links', ['payment_link.created']);
    const invoices = await endpoint(env.test, '/invoices', ['invoice.paid']);
    const off = await endpoint(env.test, '/off');
    const disabled = await env.test('POST', `/webhook-endpoints/${off.id}`, { body: { status: 'disabled' } });
    expect(disabled.body.status).toBe('disabled');

    const eventId = await makeEvent(env.test);
    const of = (path: string) => receiver.at(path).filter((r) => eventIdOf(r.body) === eventId);
    await until('both listening endpoints got the event', () =>
      of('/all').length >= 1 && of('/links').length >= 1 ? true : undefined,
    );
    await pause(1500);
    expect(of('/all')).toHaveLength(1);
    expect(of('/links')).toHaveLength(1);
    expect(of('/invoices')).toHaveLength(0);
    expect(of('/off')).toHaveLength(0);

    const [got] = of('/all');
    const header = String(got?.headers['payshelf-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(got?.body ?? '', header, all.secret)).toMatchObject({ ok: true });
    expect(verifyWebhookSignature(got?.body ?? '', header, links.secret)).toMatchObject({ ok: false });
    expect(got?.headers['content-type']).toBe('application/json');
    const event = await env.test('GET', `/events/${eventId}`);
    expect(JSON.parse(got?.body ?? '')).toEqual(event.body);
    expect(event.body).toMatchObject({ object: 'event', type: 'payment_link.created', livemode: false });

    const attempts = await env.test('GET', `/webhook-endpoints/${all.id}/attempts`, {
      query: { event_id: eventId },
    });
    expect(attempts.body.data).toEqual([
      expect.objectContaining({ attempt: 1, status: 'succeeded', response_status: 200, next_retry_at: null }),
    ]);
    const none = await env.test('GET', `/webhook-endpoints/${invoices.id}/attempts`);
    expect(none.body.data).toEqual([]);
  });

  it('retries after a 500 and records both attempts', async () => {
    const flaky = await endpoint(env.test, '/flaky', ['payment_link.created']);
    const eventId = await makeEvent(env.test);
    const attempts = await until('a second, successful attempt', async () => {
      const res = await env.test('GET', `/webhook-endpoints/${flaky.id}/attempts`, {
        query: { event_id: eventId },
      });
      const data = res.body.data as Array<Record<string, unknown>>;
      return data.length >= 2 ? data : undefined;
    });
    expect(attempts).toEqual([
      expect.objectContaining({ attempt: 2, status: 'succeeded', response_status: 200, next_retry_at: null }),
      expect.objectContaining({ attempt: 1, status: 'failed', response_status: 500, error: 'HTTP 500' }),
    ]);
    expect(attempts[1]?.next_retry_at).toEqual(expect.any(String));
    await pause(1000);
    const sent = receiver.at('/flaky').filter((r) => eventIdOf(r.body) === eventId);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.body).toBe(sent[1]?.body);
  });

  it('stops delivering when the endpoint is disabled or deleted', async () => {
    const gone = await endpoint(env.test, '/gone');
    expect((await env.test('DELETE', `/webhook-endpoints/${gone.id}`)).body).toEqual({
      id: gone.id,
      object: 'webhook_endpoint',
      deleted: true,
    });
    expect((await env.test('GET', `/webhook-endpoints/${gone.id}`)).status).toBe(404);
    const eventId = await makeEvent(env.test);
    await until('the /all endpoint got it', () =>
      receiver.at('/all').some((r) => eventIdOf(r.body) === eventId) ? true : undefined,
    );
    await pause(1000);
    expect(receiver.at('/gone')).toHaveLength(0);
  });
});

describe('webhook retention', () => {
  it('removes finished deliveries and their attempts after 30 days, keeps newer and pending ones', async () => {
    const db = env.server.server.services.database.db;
    const rows = await db.execute<{ id: string }>(
      sql`SELECT id FROM webhook_deliveries WHERE status = 'succeeded' ORDER BY created_at LIMIT 2`,
    );
    const [old, recent] = rows.rows.map((r) => r.id);
    expect(recent).toBeDefined();
    await db.execute(
      sql`UPDATE webhook_deliveries SET updated_at = now() - interval '31 days' WHERE id = ${old}`,
    );
    await env.server.server.services.jobs.enqueue('payment:webhook-prune', {});
    await until('the old delivery is gone', async () => {
      const left = await db.execute(sql`SELECT 1 FROM webhook_deliveries WHERE id = ${old}`);
      return left.rows.length === 0 ? true : undefined;
    });
    const attempts = await db.execute(sql`SELECT 1 FROM webhook_attempts WHERE delivery_id = ${old}`);
    expect(attempts.rows).toHaveLength(0);
    const kept = await db.execute(sql`SELECT 1 FROM webhook_deliveries WHERE id = ${recent}`);
    expect(kept.rows).toHaveLength(1);
  });
});

describe('webhook endpoints', () => {
  it('shows the secret once and keeps it encrypted', async () => {
    const created = await endpoint(env.test, '/secret');
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9]{40}$/);
    const read = await env.test('GET', `/webhook-endpoints/${created.id}`);
    expect(read.body.secret).toBeUndefined();
    expect(read.body.secret_redacted).toBe(`whsec_…${created.secret.slice(-4)}`);
    const listed = await env.test('GET', '/webhook-endpoints', { query: { limit: '100' } });
    expect(JSON.stringify(listed.body)).not.toContain(created.secret);
    const db = env.server.server.services.database.db;
    const stored = await db.execute(
      sql`SELECT secret_ciphertext FROM webhook_endpoints WHERE id = ${created.id}`,
    );
    expect(String(stored.rows[0]?.secret_ciphertext)).not.toContain(created.secret.slice(6));
  });

  it('keeps no secret in the idempotency record: a replay answers the endpoint without it', async () => {
    const body = { url: receiver.url('/idem'), enabled_events: ['invoice.paid'] };
    const first = await env.test('POST', '/webhook-endpoints', { body, idem: 'webhook-once' });
    const again = await env.test('POST', '/webhook-endpoints', { body, idem: 'webhook-once' });
    expect(first.body.secret).toMatch(/^whsec_/);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.secret).toBeUndefined();
    const db = env.server.server.services.database.db;
    const records = await db.execute(
      sql`SELECT response_body FROM idempotency_records WHERE key = 'webhook-once'`,
    );
    expect(String(records.rows[0]?.response_body)).not.toContain(String(first.body.secret));
  });

  it('refuses private and loopback addresses in live mode, allows them in test mode', async () => {
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost:9/hook',
      'http://[::1]/hook',
      'http://10.1.2.3/hook',
    ]) {
      const res = await env.live('POST', '/webhook-endpoints', { body: { url, enabled_events: ['*'] } });
      expect(res.status, url).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'url_private_address', param: 'url' });
    }
    const bad = await env.live('POST', '/webhook-endpoints', {
      body: { url: 'ftp://example.com/hook', enabled_events: ['*'] },
    });
    expect(bad.status).toBe(400);
    const test = await env.test('POST', '/webhook-endpoints', {
      body: { url: 'http://127.0.0.1:9/hook', enabled_events: ['*'] },
    });
    expect(test.status).toBe(200);
    // Link-local (cloud metadata) is refused in every mode.
    for (const client of [env.test, env.live]) {
      const res = await client('POST', '/webhook-endpoints', {
        body: { url: 'http://169.254.169.254/latest/meta-data', enabled_events: ['*'] },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'url_link_local', param: 'url' });
    }
  });

  it('sends test-mode webhooks of a live install (PAYSHELF_LIVE) to public addresses only', async () => {
    const liveInstall = await startPaymentEnv({ PAYSHELF_LIVE: '1' });
    try {
      const res = await liveInstall.test('POST', '/webhook-endpoints', {
        body: { url: receiver.url('/inside'), enabled_events: ['*'] },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'url_private_address', param: 'url' });
    } finally {
      await liveInstall.stop();
    }
  }, 60_000);

  it('re-checks the address at send time in live mode (a name that now points inside is refused)', async () => {
    const created = await env.live('POST', '/webhook-endpoints', {
      body: { url: 'http://93.184.215.14/hook', enabled_events: ['payment_link.created'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // As if its DNS answer changed after creation (rebinding): the stored URL now leads to localhost.
    const db = env.server.server.services.database.db;
    await db.execute(
      sql`UPDATE webhook_endpoints SET url = ${receiver.url('/rebound')} WHERE id = ${String(created.body.id)}`,
    );
    const eventId = await makeEvent(env.live);
    const attempts = await until('a refused attempt', async () => {
      const res = await env.live('GET', `/webhook-endpoints/${String(created.body.id)}/attempts`, {
        query: { event_id: eventId },
      });
      const data = res.body.data as Array<Record<string, unknown>>;
      return data.length > 0 ? data : undefined;
    });
    expect(attempts[0]).toMatchObject({ status: 'failed', response_status: null });
    expect(String(attempts[0]?.error)).toContain('private');
    expect(receiver.at('/rebound')).toHaveLength(0);
  });

  it('keeps modes apart and answers only merchant callers', async () => {
    const live = await env.live('POST', '/webhook-endpoints', {
      body: { url: 'http://93.184.215.14/x', enabled_events: ['invoice.paid'] },
    });
    expect((await env.test('GET', `/webhook-endpoints/${String(live.body.id)}`)).status).toBe(404);
    expect((await env.test('DELETE', `/webhook-endpoints/${String(live.body.id)}`)).status).toBe(404);
    expect((await env.anonymous('GET', '/webhook-endpoints')).status).toBe(401);
    expect((await env.anonymous('GET', '/events')).status).toBe(401);
    const liveEvents = await env.live('GET', '/events', { query: { limit: '100' } });
    expect((liveEvents.body.data as Array<{ livemode: boolean }>).every((e) => e.livemode)).toBe(true);
    const testEvent = await makeEvent(env.test);
    expect((await env.live('GET', `/events/${testEvent}`)).status).toBe(404);
  });

  it('pages events newest first', async () => {
    const first = await makeEvent(env.test);
    const second = await makeEvent(env.test);
    const page = await env.test('GET', '/events', { query: { limit: '1', type: 'payment_link.created' } });
    expect(page.body).toMatchObject({ object: 'list', has_more: true, data: [{ id: second }] });
    const next = await env.test('GET', '/events', {
      query: { limit: '1', type: 'payment_link.created', starting_after: second },
    });
    expect(next.body.data).toEqual([expect.objectContaining({ id: first })]);
  });
});
