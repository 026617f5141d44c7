import type { RouteObject } from 'react-router';
import { DOMAINS_SETTINGS_PATH } from '../domain/domainWarning';
import { USER_SERVICE_PREFIX } from '../session/sessionLinks';
import { LOGIN_PATH, MEMBERS_PATH } from './paths';
import { RequireLogin } from './RequireLogin';

/** The login page (where a login by redirect lands); members, user centre and domain pages (login required). */
export function authRoutes(): RouteObject[] {
  return [
    { path: LOGIN_PATH, lazy: async () => ({ Component: (await import('./LoginPage')).LoginPage }) },
    {
      element: <RequireLogin />,
      children: [
        {
          path: MEMBERS_PATH,
          lazy: async () => ({ Component: (await import('./MembersPage')).MembersPage }),
        },
        {
          path: USER_SERVICE_PREFIX,
          lazy: async () => ({ Component: (await import('../account/ProfilePage')).ProfilePage }),
        },
        {
          path: DOMAINS_SETTINGS_PATH,
          lazy: async () => ({ Component: (await import('../account/DomainsPage')).DomainsPage }),
        },
      ],
    },
  ];
}
