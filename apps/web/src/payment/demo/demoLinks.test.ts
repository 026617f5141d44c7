import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoKind, fetchDemoLinks } from './demoLinks';

afterEach(() => vi.unstubAllGlobals());

describe('demo links', () => {
  it('keeps known kinds and files unknown ones under a plain label', () => {
    expect(demoKind('upsell')).toBe('upsell');
    expect(demoKind('something_new')).toBe('other');
  });

  it('reads the test-mode links under the payment mount point', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({
        enabled: true,
        livemode: false,
        links: [
          {
            kind: 'one_time',
            id: 'plink_1',
            title: 'E-book',
            description: 'A book',
            url: '/payment/checkout/pay/plink_1',
            active: true,
          },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const answer = await fetchDemoLinks('/pay');
    expect(fetchMock).toHaveBeenCalledWith('/pay/api/demo?livemode=false', expect.anything());
    expect(answer.links[0]?.title).toBe('E-book');
  });

  it('turns the error shape into a readable message', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { type: 'api_error', code: 'x', message: 'database down' } }, { status: 503 }),
    );
    await expect(fetchDemoLinks('/payment')).rejects.toThrow('database down');
  });
});
