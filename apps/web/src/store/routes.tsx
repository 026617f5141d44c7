import type { RouteObject } from 'react-router';
import { withMessages } from '../platform/i18n/lazyMessages';
import type { ApplicationListVariant } from './pages/ApplicationListPage';

export interface StoreRouteOptions {
  /** Developer registration by staking: only then does `/join` exist. */
  staking: boolean;
}

const listPage = (variant: ApplicationListVariant) => async () => {
  const { ApplicationListPage } = await import('./pages/ApplicationListPage');
  return { element: <ApplicationListPage variant={variant} /> };
};

const detailPage = async () => ({
  Component: (await import('./pages/ApplicationDetailPage')).ApplicationDetailPage,
});

/** The store's routes at the site root (SPEC.md section 2, store routes). Pages load on demand. */
export function storeRoutes({ staking }: StoreRouteOptions): RouteObject[] {
  const routes: RouteObject[] = [
    { path: '/', lazy: listPage('home') },
    { path: '/search', lazy: listPage('search') },
    { path: '/category/:category', lazy: listPage('category') },
    { path: '/blocklets/:did/:version?', lazy: detailPage },
    { path: '/blocklet/:did', lazy: detailPage },
    {
      path: '/profile',
      lazy: async () => ({ Component: (await import('./pages/ProfilePage')).ProfilePage }),
    },
    {
      path: '/connect-cli',
      lazy: async () => ({ Component: (await import('./pages/ConnectCliPage')).ConnectCliPage }),
    },
    {
      path: '/gen-key-pair',
      lazy: async () => ({ Component: (await import('./pages/GenKeyPairPage')).GenKeyPairPage }),
    },
    {
      path: '/connect-studio',
      lazy: async () => ({ Component: (await import('./pages/ConnectStudioPage')).ConnectStudioPage }),
    },
    {
      path: '/developer/blocklets',
      lazy: async () => ({
        Component: (await import('./pages/DeveloperBlockletsPage')).DeveloperBlockletsPage,
      }),
    },
    {
      path: '/developer/access-tokens',
      lazy: async () => ({
        Component: (await import('./pages/DeveloperAccessTokensPage')).DeveloperAccessTokensPage,
      }),
    },
    {
      path: '/console/blocklets',
      lazy: async () => ({ Component: (await import('./pages/ConsoleBlockletsPage')).ConsoleBlockletsPage }),
    },
    {
      path: '/console/categories',
      lazy: async () => ({
        Component: (await import('./pages/ConsoleCategoriesPage')).ConsoleCategoriesPage,
      }),
    },
  ];
  if (staking) {
    routes.push({
      path: '/join',
      lazy: async () => ({ Component: (await import('./pages/JoinPage')).JoinPage }),
    });
  }
  return withMessages(routes, loadStoreMessages);
}

const loadStoreMessages = async () => (await import('./i18n/messages')).storeMessages;
