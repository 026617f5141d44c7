import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCurrency, startPaymentEnv, type PaymentTestEnv } from './support.js';

let env: PaymentTestEnv;
beforeAll(async () => {
  env = await startPaymentEnv();
});
afterAll(() => env?.stop());

describe('Idempotency-Key', () => {
  it('replays the first answer, status included, without creating twice', async () => {
    const first = await env.test('POST', '/products', { body: { name: 'Once' }, idem: 'create-once' });
    const again = await env.test('POST', '/products', { body: { name: 'Once' }, idem: 'create-once' });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const list = await env.test('GET', '/products', { query: { limit: '100' } });
    expect((list.body.data as Array<{ name: string }>).filter((p) => p.name === 'Once')).toHaveLength(1);
  });

  it('treats reordered keys as the same request', async () => {
    const a = await env.test('POST', '/products', {
      rawBody: '{"name":"Same","type":"good"}',
      idem: 'reorder',
    });
    const b = await env.test('POST', '/products', {
      rawBody: '{"type":"good","name":"Same"}',
      idem: 'reorder',
    });
    expect(b.body.id).toBe(a.body.id);
  });

  it('replays validation errors too', async () => {
    const first = await env.test('POST', '/products', { body: { name: '' }, idem: 'bad-once' });
    const again = await env.test('POST', '/products', { body: { name: '' }, idem: 'bad-once' });
    expect(first.status).toBe(400);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(first.body);
  });

  it('refuses the same key with a different body', async () => {
    await env.test('POST', '/products', { body: { name: 'A' }, idem: 'reused' });
    const res = await env.test('POST', '/products', { body: { name: 'B' }, idem: 'reused' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      type: 'idempotency_error',
      code: 'idempotency_key_in_use',
      param: 'Idempotency-Key',
    });
    const otherPath = await env.test('POST', '/payment-methods', { body: { name: 'A' }, idem: 'reused' });
    expect(otherPath.body.error?.code).toBe('idempotency_key_in_use');
  });

  it('scopes keys per API key and mode', async () => {
    const test = await env.test('POST', '/products', { body: { name: 'Scoped' }, idem: 'scoped' });
    const live = await env.live('POST', '/products', { body: { name: 'Scoped' }, idem: 'scoped' });
    expect(live.status).toBe(200);
    expect(live.body.id).not.toBe(test.body.id);
    expect(live.body.livemode).toBe(true);
  });

  it('rejects an invalid key', async () => {
    const res = await env.test('POST', '/products', { body: { name: 'x' }, idem: 'x'.repeat(300) });
    expect(res.body.error?.param).toBe('Idempotency-Key');
  });
});

describe('test/live isolation', () => {
  it('a test key never sees live objects and the other way round', async () => {
    const live = await env.live('POST', '/products', { body: { name: 'Live only' } });
    const test = await env.test('POST', '/products', { body: { name: 'Test only' } });
    expect((await env.test('GET', `/products/${String(live.body.id)}`)).status).toBe(404);
    expect((await env.live('GET', `/products/${String(test.body.id)}`)).status).toBe(404);
    expect((await env.test('PUT', `/products/${String(live.body.id)}`, { body: { name: 'x' } })).status).toBe(
      404,
    );
    const testList = await env.test('GET', '/products', { query: { limit: '100' } });
    expect((testList.body.data as Array<{ livemode: boolean }>).every((p) => !p.livemode)).toBe(true);
    const { currencyId } = await seedCurrency(env.test);
    const livePrice = await env.live('POST', '/prices', {
      body: { product_id: live.body.id, currency_id: currencyId, unit_amount: '1' },
    });
    expect(livePrice.body.error?.param).toBe('currency_id');
    const cursor = await env.test('GET', '/products', { query: { starting_after: String(live.body.id) } });
    expect(cursor.body.error?.param).toBe('starting_after');
  });
});

describe('cursor pagination', () => {
  it('walks forward and back through every object exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++)
      ids.push(String((await env.live('POST', '/customers', { body: { name: `c${i}` } })).body.id));
    const newestFirst = [...ids].reverse();
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await env.live('GET', '/customers', {
        query: { limit: '3', ...(after ? { starting_after: after } : {}) },
      });
      const data = page.body.data as Array<{ id: string }>;
      seen.push(...data.map((c) => c.id));
      if (!page.body.has_more) break;
      after = data[data.length - 1]?.id;
    }
    expect(seen).toEqual(newestFirst);
    const back = await env.live('GET', '/customers', {
      query: { limit: '2', ending_before: newestFirst[4] ?? '' },
    });
    expect((back.body.data as Array<{ id: string }>).map((c) => c.id)).toEqual(newestFirst.slice(2, 4));
    expect(back.body.has_more).toBe(true);
    expect(back.body).toMatchObject({ object: 'list', url: '/payment/api/customers' });
    const bad = await env.live('GET', '/customers', { query: { limit: '0' } });
    expect(bad.body.error?.param).toBe('limit');
    const both = await env.live('GET', '/customers', {
      query: { starting_after: ids[0] ?? '', ending_before: ids[1] ?? '' },
    });
    expect(both.status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('serves a 3.1 document covering the merchant and browser calls', async () => {
    const res = await fetch(`${env.server.url}/payment/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/products',
      '/prices/{id}',
      '/payment-links',
      '/checkout-sessions/{id}/expire',
      '/customers',
      '/payment-methods',
      '/payment-currencies',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    // The body is a shared component, referenced by $ref.
    const create = doc.paths['/prices']?.post as {
      requestBody: { content: { 'application/json': { schema: { $ref: string } } } };
    };
    const ref = create.requestBody.content['application/json'].schema.$ref;
    expect(ref).toBe('#/components/schemas/PriceCreate');
    const components = (doc as unknown as { components: { schemas: Record<string, { properties: object }> } })
      .components.schemas;
    expect(Object.keys(components.PriceCreate?.properties ?? {})).toContain('custom_unit_amount');
  });
});

describe('demo endpoint without DEMO_DATA', () => {
  it('answers an empty list', async () => {
    const res = await env.anonymous('GET', '/demo');
    expect(res.body).toEqual({ enabled: false, livemode: false, links: [] });
  });
});

describe('no input makes the server answer 5xx', () => {
  it('random bodies on create endpoints', async () => {
    const paths = [
      '/products',
      '/prices',
      '/payment-links',
      '/checkout-sessions',
      '/customers',
      '/payment-currencies',
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.jsonValue(), async (path, body) => {
        const res = await env.test('POST', path, { rawBody: JSON.stringify(body) });
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });

  it('random query strings on lists', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('limit', 'starting_after', 'ending_before', 'active', 'expand[]', 'type'),
          fc.string(),
        ),
        async (query) => {
          const res = await env.test('GET', '/prices', { query });
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
