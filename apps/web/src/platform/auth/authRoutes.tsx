import type { RouteObject } from 'react-router';
import { LOGIN_PATH, MEMBERS_PATH } from './paths';
import { RequireLogin } from './RequireLogin';

/** The login page (where a login by redirect lands) and the members page (login required). */
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
      ],
    },
  ];
}
