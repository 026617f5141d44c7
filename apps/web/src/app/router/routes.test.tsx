// @vitest-environment happy-dom
import { configure, cleanup, screen } from '@testing-library/react';
import { webPagePatterns } from '@payshelf/api';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubEmptyStore, unstubStore } from '../../testing/storeStub';
import { renderRoutes } from '../../testing/renderRoutes';
import type { HeaderSession } from '../../platform/session/useHeaderSession';
import type { AppConfig } from '../../platform/config/appConfig';
import { buildRoutes } from './routes';

/** How long a lazily loaded page may take to appear. */
const LAZY = { timeout: 12_000 };

/** Every page's full path pattern in `routes` (children joined to their parents; layouts left out). */
function routePatterns(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((r) => {
    const here =
      r.path === undefined
        ? parent
        : r.path.startsWith('/')
          ? r.path
          : `${parent.replace(/\/$/, '')}/${r.path}`;
    const own = r.path !== undefined && r.path !== '*' ? [here] : [];
    return [...own, ...routePatterns(r.children ?? [], here)];
  });
}

// Store pages fetch the catalogue: an empty one, pages preloaded.
beforeEach(stubEmptyStore);
// Lazy pages can take a few seconds to first render on a busy machine.
configure({ asyncUtilTimeout: 5000 });
afterEach(unstubStore);

afterEach(cleanup);

const staking: AppConfig = { permissionMode: 'staking', paymentMountPoint: '/payment' };
/** Pages behind the login guard render for a signed-in user (the guard has its own tests). */
const signedIn: HeaderSession = {
  initialized: true,
  user: { did: 'z1TestUser', role: 'member', fullName: 'Test User', avatar: undefined },
};

describe('router', () => {
  it('renders the application list with its heading at /', async () => {
    renderRoutes('/');
    const home = await screen.findByTestId('page-home');
    expect(screen.getByRole('heading', { level: 1, name: 'Applications' })).toBeTruthy();
    expect(await screen.findByText('No applications yet')).toBeTruthy();
    expect(home.isConnected).toBe(true);
  });

  it('translates the home heading to Chinese', async () => {
    renderRoutes('/', { locale: 'zh' });
    await screen.findByTestId('page-home');
    expect(screen.getByRole('heading', { level: 1, name: '应用' })).toBeTruthy();
  });

  it.each(['/no/such/page', '/payment', '/payment/no-such', '/developer', '/blocklets', '/404x'])(
    'shows the 404 page at %s, keeping the address',
    async (path) => {
      const { router } = renderRoutes(path);
      await screen.findByTestId('error-page-404');
      expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('registers exactly the pages the server serves with 200 (isWebPage), at either mount point', () => {
    for (const mount of ['/payment', '/']) {
      for (const staking of [false, true]) {
        const config: AppConfig = {
          permissionMode: staking ? 'staking' : undefined,
          paymentMountPoint: mount,
        };
        expect(routePatterns(buildRoutes(config)).sort()).toEqual(webPagePatterns(mount, { staking }).sort());
      }
    }
  });

  it.each([
    [400, 'Request error', '请求错误'],
    [403, 'Not authorized', '没有权限'],
    [404, 'Page not found', '页面不存在'],
    [500, 'Something went wrong', '出错了'],
  ])('renders the %s error page', async (code, en, zh) => {
    renderRoutes(`/${code}`);
    const page = await screen.findByTestId(`error-page-${code}`);
    expect(screen.getByRole('heading', { level: 1, name: en })).toBeTruthy();
    expect(page.querySelector('a[href="/"]')).toBeTruthy();
    cleanup();

    renderRoutes(`/${code}`, { locale: 'zh' });
    await screen.findByTestId(`error-page-${code}`);
    expect(screen.getByRole('heading', { level: 1, name: zh })).toBeTruthy();
  });

  it('registers /join only in staking permission mode', async () => {
    const without = renderRoutes('/join');
    await screen.findByTestId('error-page-404');
    expect(without.router.state.location.pathname).toBe('/join');
    cleanup();

    const withStaking = renderRoutes('/join', { config: staking, session: signedIn });
    await screen.findByTestId('page-join');
    expect(withStaking.router.state.location.pathname).toBe('/join');
  });

  // The developer and console pages load their data: tested in store/dev/StoreDevPages.test.tsx.
  // The invoice, subscription and past-due pages load their data: their routes are tested in
  // payment/portal/PortalPages.test.tsx and PastDuePage.test.tsx (with its back button); the admin meter
  // page (`/payment/admin/billing/:meterId`, owners and admins) in payment/admin/meters/MeterPages.test.tsx.
  it.each([
    ['/search?q=wallet', 'page-search'],
    ['/category/tools', 'page-category'],
    ['/blocklets/z8iZ/1.0.0', 'page-application-detail'],
    ['/blocklets/z8iZ', 'page-application-detail'],
    ['/blocklet/z8iZ', 'page-application-detail'],
    ['/profile', 'page-profile'],
    ['/connect-cli', 'page-connect-cli'],
    ['/gen-key-pair', 'page-gen-key-pair'],
    ['/connect-studio', 'page-connect-studio'],
    ['/payment/customer/credit-grant/cg_123', 'page-credit-grant'],
    ['/payment/checkout/pay/cs_123', 'page-checkout-session'],
    ['/payment/checkout/link/plink_123', 'page-payment-link'],
  ])('routes %s to %s', async (path, testId) => {
    const { router } = renderRoutes(path, { session: signedIn });
    // A lazy page's first import (the checkout's chunk pulls in most of MUI) took over 5 s while other
    // steps of npm test shared the two cores; the wait stays inside the unit project's 15 s test budget.
    const page = await screen.findByTestId(testId, {}, LAZY);
    expect(router.state.location.pathname).toBe(path.split('?')[0]);
    expect(page.querySelector('h1')?.textContent).toBeTruthy();
    // Store list and detail pages show theirs once the (stubbed, empty) catalogue has answered.
    if (/^\/(search|category|blocklets?)\b/.test(path)) {
      expect(await screen.findByTestId('empty-state', {}, LAZY)).toBeTruthy();
    }
  });

  it('mounts the payment pages at the configured mount point', async () => {
    const config: AppConfig = { permissionMode: undefined, paymentMountPoint: '/billing' };
    renderRoutes('/billing/checkout/pay/cs_1', { config });
    await screen.findByTestId('page-checkout-session', {}, LAZY);
    cleanup();

    renderRoutes('/payment/checkout/pay/cs_1', { config });
    await screen.findByTestId('error-page-404');
  });

  it('shows the app name link and translated toggles in the header slot', async () => {
    const { container } = renderRoutes('/');
    await screen.findByTestId('page-home');
    const header = container.querySelector('header#app-header');
    expect(header?.querySelector('a[href="/"]')?.textContent).toBe('Payshelf');
    expect(screen.getByRole('button', { name: 'Language: English' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeTruthy();
    expect(container.querySelector('main')?.contains(screen.getByTestId('page-home'))).toBe(true);
  });
});
