import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCurrency, startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// Meters and meter events over HTTP on real PostgreSQL: a meter's life (unique event name, update,
// deactivate refuses its events, activate), the idempotency identifier (a repeat is answered as a
// duplicate and never counted: sent again, twice in one batch, in concurrent batches), the time
// window, the list filters and the per-day stats.
let env: PaymentTestEnv;
let customer: string;

function ok(res: Answer, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const errorOf = (res: Answer) => (res.body as { error?: { code: string; param?: string } }).error;

let seq = 0;
const uid = (p: string) => `${p}-${Date.now().toString(36)}-${(seq++).toString(36)}`;

async function newMeter(aggregation: 'sum' | 'count' | 'last' = 'sum') {
  const body = { name: 'Calls', event_name: uid('calls'), unit: 'call', aggregation_method: aggregation };
  return ok(await env.test('POST', '/meters', { body }), 'meter') as { id: string; event_name: string };
}

const event = (
  eventName: string,
  identifier: string,
  value: string,
  extra: Record<string, unknown> = {},
) => ({
  event_name: eventName,
  identifier,
  payload: { customer_id: customer, value },
  ...extra,
});

async function statsTotal(meterId: string): Promise<{ total: bigint; count: number }> {
  const start = new Date(Date.now() - 40 * 86_400_000).toISOString();
  const end = new Date(Date.now() + 86_400_000).toISOString();
  const q = `meter_id=${meterId}&customer_id=${customer}&start=${start}&end=${end}`;
  const stats = ok(await env.test('GET', `/meter-events/stats?${q}`), 'stats');
  const days = stats.data as Array<{ total: string; count: number }>;
  return days.reduce((a, d) => ({ total: a.total + BigInt(d.total), count: a.count + d.count }), {
    total: 0n,
    count: 0,
  });
}

beforeAll(async () => {
  env = await startPaymentEnv();
  await seedCurrency(env.test);
  customer = String(ok(await env.test('POST', '/customers', { body: { name: 'Metered' } }), 'customer').id);
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

describe('meters', () => {
  it('creates, refuses a taken event name, updates, deactivates and activates', async () => {
    const meter = await newMeter();
    expect(meter).toMatchObject({
      object: 'meter',
      status: 'active',
      aggregation_method: 'sum',
      unit: 'call',
    });
    const again = await env.test('POST', '/meters', {
      body: { name: 'Other', event_name: meter.event_name, unit: 'x' },
    });
    expect(again.status).toBe(400);
    expect(errorOf(again)).toMatchObject({ code: 'meter_event_name_taken', param: 'event_name' });
    const renamed = ok(
      await env.test('PUT', `/meters/${meter.id}`, { body: { name: 'API calls' } }),
      'update',
    );
    expect(renamed.name).toBe('API calls');
    ok(await env.test('PUT', `/meters/${meter.id}/deactivate`), 'deactivate');
    const refused = await env.test('POST', '/meter-events', { body: event(meter.event_name, uid('e'), '1') });
    expect(refused.status).toBe(400);
    expect(errorOf(refused)?.code).toBe('meter_inactive');
    ok(await env.test('PUT', `/meters/${meter.id}/activate`), 'activate');
    ok(await env.test('POST', '/meter-events', { body: event(meter.event_name, uid('e'), '1') }), 'event');
    const list = ok(await env.test('GET', `/meters?event_name=${meter.event_name}`), 'list');
    expect((list.data as unknown[]).length).toBe(1);
    expect((await env.test('GET', '/meters/meter_NoSuchMeter0000000000')).status).toBe(404);
    // A live key does not see test meters.
    expect((await env.live('GET', `/meters/${meter.id}`)).status).toBe(404);
  });
});

describe('meter events', () => {
  it('counts a repeated identifier once: sent again, twice in a batch, in concurrent batches', async () => {
    const meter = await newMeter();
    const id1 = uid('one');
    const first = ok(
      await env.test('POST', '/meter-events', { body: event(meter.event_name, id1, '5') }),
      'e',
    );
    expect(first).toMatchObject({ duplicate: false, payload: { value: '5', customer_id: customer } });
    const second = ok(
      await env.test('POST', '/meter-events', { body: event(meter.event_name, id1, '5') }),
      'e',
    );
    expect(second).toMatchObject({ duplicate: true, id: first.id });

    const id2 = uid('two');
    const batch = ok(
      await env.test('POST', '/meter-events/batch', {
        body: {
          events: [
            event(meter.event_name, id2, '7'),
            event(meter.event_name, id2, '7'),
            event(meter.event_name, id1, '5'),
          ],
        },
      }),
      'batch',
    );
    expect(batch).toMatchObject({ accepted: 1, duplicates: 2 });
    expect((batch.data as Array<{ duplicate: boolean }>).map((d) => d.duplicate)).toEqual([
      false,
      true,
      true,
    ]);

    // Eight concurrent batches of the same 100 identifiers: each stored once, whoever wins.
    const ids = Array.from({ length: 100 }, () => uid('c'));
    const body = { events: ids.map((id) => event(meter.event_name, id, '1')) };
    const answers = await Promise.all(
      Array.from({ length: 8 }, async () => ok(await env.test('POST', '/meter-events/batch', { body }), 'b')),
    );
    expect(answers.reduce((n, a) => n + Number(a.accepted), 0)).toBe(100);
    expect(await statsTotal(meter.id)).toEqual({ total: 112n, count: 102 });
  });

  it('refuses a time too old or too far ahead, an unknown meter or customer, and lists with filters', async () => {
    const meter = await newMeter();
    const old = new Date(Date.now() - 36 * 86_400_000).toISOString();
    const ahead = new Date(Date.now() + 3_600_000).toISOString();
    for (const timestamp of [old, ahead]) {
      const res = await env.test('POST', '/meter-events', {
        body: event(meter.event_name, uid('t'), '1', { timestamp }),
      });
      expect(res.status).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'meter_event_timestamp_invalid', param: 'timestamp' });
    }
    const unknown = await env.test('POST', '/meter-events/batch', {
      body: { events: [event(meter.event_name, uid('u'), '1'), event('no.such.meter', uid('u'), '1')] },
    });
    expect(errorOf(unknown)).toMatchObject({ code: 'resource_missing', param: 'events.1.event_name' });
    const stranger = await env.test('POST', '/meter-events', {
      body: { ...event(meter.event_name, uid('s'), '1'), payload: { customer_id: 'cus_nobody', value: '1' } },
    });
    expect(errorOf(stranger)).toMatchObject({ code: 'resource_missing', param: 'payload.customer_id' });
    // Nothing of a refused batch is stored.
    expect(await statsTotal(meter.id)).toEqual({ total: 0n, count: 0 });
    const bad = await env.test('POST', '/meter-events', { body: event(meter.event_name, uid('v'), '1.5') });
    expect(bad.status).toBe(400);

    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    ok(
      await env.test('POST', '/meter-events/batch', {
        body: {
          events: [
            event(meter.event_name, uid('l'), '3', { timestamp: yesterday, source_data: { model: 'gpt' } }),
            event(meter.event_name, uid('l'), '4'),
          ],
        },
      }),
      'batch',
    );
    const all = ok(await env.test('GET', `/meter-events?meter_id=${meter.id}`), 'list');
    expect((all.data as unknown[]).length).toBe(2);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const recent = ok(await env.test('GET', `/meter-events?meter_id=${meter.id}&start=${since}`), 'list');
    expect((recent.data as Array<{ payload: { value: string } }>).map((e) => e.payload.value)).toEqual(['4']);
    const stats = await statsTotal(meter.id);
    expect(stats).toEqual({ total: 7n, count: 2 });
  });
});
