// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../platform/session/useHeaderSession';
import { renderRoutes } from '../../testing/renderRoutes';
import { fakeProduct } from '../portal/logic/testFixtures';

const SLOW = { timeout: 12_000 };
const session = (role: string): HeaderSession => ({
  initialized: true,
  user: { did: 'z1Admin', role, fullName: 'Ada', avatar: undefined },
});

const productRow = fakeProduct('Gold plan', { id: 'prod_abcdefgh1234' });

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;
let calls: Array<{ url: URL; init: RequestInit | undefined }> = [];

function serve(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ url, init });
      return handler(url, init) ?? new Response('{}', { status: 404 });
    }),
  );
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const list = (data: unknown[]) => json({ object: 'list', data, has_more: false, url: '/x' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('payment admin', () => {
  it('sends visitors to the login page and shows others the 403 page', async () => {
    serve(() => undefined);
    const { router } = renderRoutes('/payment/admin/products');
    await waitFor(() => expect(router.state.location.pathname).toBe('/.well-known/service/login'), SLOW);
    cleanup();
    renderRoutes('/payment/admin/products', { session: session('member') });
    await screen.findByTestId('error-page-403', {}, SLOW);
  });

  it('lists test-mode products for an owner, with the Test mode badge', async () => {
    serve((url) => (url.pathname === '/payment/api/products' ? list([productRow]) : undefined));
    renderRoutes('/payment/admin/products', { session: session('owner') });
    const page = await screen.findByTestId('page-admin-products', {}, SLOW);
    await within(page).findByText('Gold plan');
    expect(screen.getByTestId('test-mode-badge').textContent).toBe('Test mode');
    const query = calls.find((c) => c.url.pathname === '/payment/api/products')?.url.searchParams;
    expect(query?.get('livemode')).toBe('false');
    expect(query?.get('limit')).toBe('10');
  });

  it('switches to live mode, remembers it and asks for live data', async () => {
    serve((url) => (url.pathname === '/payment/api/products' ? list([]) : undefined));
    renderRoutes('/payment/admin/products', { session: session('admin') });
    await screen.findByTestId('page-admin-products', {}, SLOW);
    fireEvent.click(within(screen.getByTestId('livemode-switch')).getByRole('switch'));
    await waitFor(() => expect(screen.queryByTestId('test-mode-badge')).toBeNull());
    expect(localStorage.getItem('livemode')).toBe('true');
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('livemode') === 'true')).toBe(true));
  });

  it('translates the admin into Chinese', async () => {
    serve((url) => (url.pathname === '/payment/api/products' ? list([]) : undefined));
    renderRoutes('/payment/admin/products', { session: session('owner'), locale: 'zh' });
    await screen.findByRole('heading', { level: 1, name: '产品' }, SLOW);
    expect(screen.getByTestId('test-mode-badge').textContent).toBe('测试模式');
  });

  it('validates the product form with the shared schema and shows server errors on their field', async () => {
    serve((url, init) => {
      if (url.pathname !== '/payment/api/products') return undefined;
      if (init?.method === 'POST') {
        return json(
          {
            error: {
              type: 'invalid_request_error',
              code: 'parameter_invalid',
              message: 'Descriptor refused',
              param: 'statement_descriptor',
            },
          },
          400,
        );
      }
      return list([]);
    });
    renderRoutes('/payment/admin/products', { session: session('owner') });
    fireEvent.click(await screen.findByTestId('product-create', {}, SLOW));
    const dialog = await screen.findByTestId('product-dialog');
    fireEvent.click(within(dialog).getByTestId('product-dialog-submit'));
    await within(dialog).findByText('Required');
    expect(calls.some((c) => c.init?.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Silver' } });
    fireEvent.change(within(dialog).getByLabelText('Statement descriptor'), { target: { value: 'SILVER' } });
    fireEvent.click(within(dialog).getByTestId('product-dialog-submit'));
    await within(dialog).findByText('Descriptor refused');
    const post = calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toMatchObject({
      name: 'Silver',
      type: 'service',
      statement_descriptor: 'SILVER',
    });
    const descriptor = within(dialog).getByLabelText('Statement descriptor');
    expect(descriptor.getAttribute('aria-invalid')).toBe('true');
  });
});
