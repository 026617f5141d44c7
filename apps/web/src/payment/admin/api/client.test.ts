import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiFailure, apiRequest, apiUrl, failureOf } from './client';

afterEach(() => vi.unstubAllGlobals());

describe('apiUrl', () => {
  it('puts the call under the mount point with livemode and non-empty query values', () => {
    expect(apiUrl('/payment', '/products', false, { limit: 10, starting_after: undefined, q: '' })).toBe(
      '/payment/api/products?livemode=false&limit=10',
    );
    expect(apiUrl('/', '/prices', true, { active: true })).toBe('/api/prices?livemode=true&active=true');
  });
});

describe('failureOf', () => {
  it('keeps the message, code and param of the one error shape', () => {
    const f = failureOf(400, {
      error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'bad', param: 'name' },
    });
    expect(f).toBeInstanceOf(ApiFailure);
    expect([f.message, f.status, f.code, f.param]).toEqual(['bad', 400, 'parameter_invalid', 'name']);
  });

  it('names the status when the body is not the error shape', () => {
    expect(failureOf(502, 'oops').message).toBe('HTTP 502');
  });
});

describe('apiRequest', () => {
  it('sends JSON with an idempotency key on mutations and parses the answer', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ id: 'x' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const out = await apiRequest(z.object({ id: z.string() }), '/a', 'POST', { n: 1 });
    expect(out).toEqual({ id: 'x' });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
    const headers = init?.headers as Record<string, string>;
    expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(init?.body).toBe('{"n":1}');
  });

  it('throws the server error as an ApiFailure', async () => {
    const body = { error: { type: 'permission_error', code: 'forbidden', message: 'no' } };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 403 }));
    await expect(apiRequest(z.object({}), '/a')).rejects.toMatchObject({ status: 403, message: 'no' });
  });
});
