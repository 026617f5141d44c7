import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { useHeaderSession } from '../session/useHeaderSession';
import { LoadingScreen } from '../ui/LoadingScreen';
import { loginHref } from './paths';

/**
 * The login guard (SPEC.md section 2): a spinner while the session loads or has no user; once the
 * session is known to have no user, a login by redirect with the current address as return target.
 * Renders `children`, or the child routes when used as a layout route.
 */
export function RequireLogin({ children }: { children?: ReactNode }) {
  const session = useHeaderSession();
  const location = useLocation();
  if (!session.user) {
    if (session.initialized) {
      return <Navigate to={loginHref(`${location.pathname}${location.search}${location.hash}`)} replace />;
    }
    return <LoadingScreen />;
  }
  return children ?? <Outlet />;
}

/** Store pages that need a signed-in user; browsing and searching stay open to visitors. */
export const STORE_LOGIN_PATHS = ['/profile', '/connect-cli', '/gen-key-pair', '/connect-studio', '/join'];
const STORE_LOGIN_PREFIXES = ['/developer/', '/console/'];

export function needsLogin(path: string | undefined): boolean {
  if (!path) return false;
  return STORE_LOGIN_PATHS.includes(path) || STORE_LOGIN_PREFIXES.some((p) => path.startsWith(p));
}

/** Moves the routes that need a user under one layout route guarded by `RequireLogin`. */
export function withLoginGuard(
  routes: RouteObject[],
  guarded: (path: string | undefined) => boolean = needsLogin,
) {
  const open = routes.filter((r) => !guarded(r.path));
  const closed = routes.filter((r) => guarded(r.path));
  return closed.length === 0 ? open : [...open, { element: <RequireLogin />, children: closed }];
}
