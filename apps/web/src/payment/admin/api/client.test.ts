import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingWriteRoutes } from '@payshelf/api';
import { fakeSubscription } from '../../portal/logic/testFixtures';
import { ApiFailure, apiUrl, failureOf, modeCall } from './client';

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

describe('modeCall', () => {
  it('calls a route-table entry under the mount point, livemode first, with an idempotency key on writes', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify(fakeSubscription()), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await modeCall('/payment', false, billingWriteRoutes.resumeSubscription, {
      params: { id: 'sub_1' },
      body: {},
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/payment/api/subscriptions/sub_1/resume?livemode=false');
    const headers = (init as RequestInit).headers as Record<string, string>;
    expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect((init as RequestInit).body).toBe('{}');
  });

  it('throws the server error as an ApiFailure', async () => {
    const body = { error: { type: 'permission_error', code: 'forbidden', message: 'no' } };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 403 }));
    await expect(
      modeCall('/', true, billingWriteRoutes.resumeSubscription, { params: { id: 'sub_1' }, body: {} }),
    ).rejects.toMatchObject({ status: 403, message: 'no' });
  });
});
