import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoKind, fetchDemoLinks, localizedLink } from './demoLinks';

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

  it('shows a link in the visitor locale when the server sent that translation', () => {
    const link = {
      kind: 'recurring',
      id: 'plink_2',
      title: 'Team plan',
      description: 'Monthly',
      url: '/payment/checkout/pay/plink_2',
      active: true,
      translations: { zh: { title: '团队版', description: '按月订阅' } },
    };
    expect(localizedLink(link, 'zh-CN')).toEqual({ title: '团队版', description: '按月订阅' });
    expect(localizedLink(link, 'en')).toEqual({ title: 'Team plan', description: 'Monthly' });
    expect(localizedLink({ ...link, translations: undefined }, 'zh').title).toBe('Team plan');
  });

  it('turns the error shape into a readable message', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { type: 'api_error', code: 'x', message: 'database down' } }, { status: 503 }),
    );
    await expect(fetchDemoLinks('/payment')).rejects.toThrow('database down');
  });
});
