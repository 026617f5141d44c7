// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { HeaderSession } from '../session/useHeaderSession';
import { renderRoutes } from '../../testing/renderRoutes';
import { needsLogin } from './RequireLogin';

afterEach(cleanup);

/** Pages load lazily; on a busy machine the first import takes more than the default second. */
const SLOW = { timeout: 12_000 };

const olivia = { did: 'z1Owner', role: 'owner', fullName: 'Olivia', avatar: undefined };
const owner: HeaderSession = { initialized: true, user: olivia };

describe('login guard', () => {
  it('guards the signed-in store pages and leaves browsing open', () => {
    for (const path of ['/profile', '/developer/blocklets', '/console/categories', '/connect-cli', '/join']) {
      expect(needsLogin(path), path).toBe(true);
    }
    for (const path of ['/', '/search', '/category/:category', '/blocklets/:did/:version?', undefined]) {
      expect(needsLogin(path), String(path)).toBe(false);
    }
  });

  it('redirects a signed-out visitor to the login page with the current address as return target', async () => {
    const { router } = renderRoutes('/developer/blocklets?tab=mine');
    await screen.findByTestId('page-login', {}, SLOW);
    expect(router.state.location.pathname).toBe('/.well-known/service/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/developer/blocklets?tab=mine',
    );
    expect(screen.getByTestId('did-connect-dialog')).toBeTruthy();
  });

  it('shows a spinner while the session is loading', async () => {
    renderRoutes('/profile', { session: { initialized: false, user: undefined } });
    await screen.findByTestId('loading-screen', {}, SLOW);
    expect(screen.queryByTestId('page-profile')).toBeNull();
  });

  it('lets a signed-in user through, and sends them on from the login page', async () => {
    renderRoutes('/profile', { session: owner });
    await screen.findByTestId('page-profile', {}, SLOW);
    cleanup();
    const { router } = renderRoutes('/.well-known/service/login?redirect=%2Fconsole%2Fblocklets', {
      session: owner,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/blocklets'), SLOW);
  });

  it('never returns to another origin after login', async () => {
    const { router } = renderRoutes('/.well-known/service/login?redirect=https%3A%2F%2Fevil.example%2F', {
      session: owner,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), SLOW);
  });

  it('shows the members page to owners and a 403 to others, in both languages', async () => {
    renderRoutes('/.well-known/service/admin/members', { session: owner });
    await screen.findByTestId('page-members', {}, SLOW);
    expect(screen.getByRole('heading', { level: 1, name: 'Members' })).toBeTruthy();
    cleanup();
    renderRoutes('/.well-known/service/admin/members', { session: owner, locale: 'zh' });
    await screen.findByRole('heading', { level: 1, name: '成员' }, SLOW);
    cleanup();
    const member: HeaderSession = { initialized: true, user: { ...olivia, role: 'member' } };
    renderRoutes('/.well-known/service/admin/members', { session: member });
    await screen.findByTestId('error-page-403', {}, SLOW);
  });
});
