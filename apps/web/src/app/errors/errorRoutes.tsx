import type { RouteObject } from 'react-router';
import { ERROR_PAGE_CODES, ErrorPage } from '../../platform/ui/ErrorPage';

/** `/400`, `/403`, `/404`, `/500`: small and loaded with the shell, so they work when chunks fail. */
export function errorRoutes(): RouteObject[] {
  return ERROR_PAGE_CODES.map((code) => ({ path: `/${code}`, element: <ErrorPage code={code} /> }));
}
