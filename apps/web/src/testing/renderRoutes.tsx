import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { DEFAULT_APP_CONFIG, type AppConfig } from '../platform/config/appConfig';
import { resources } from '../app/i18n/resources';
import { buildRoutes } from '../app/router/routes';
import { createI18n } from '../platform/i18n/createI18n';
import type { Locale } from '../platform/locale/locale';
import { parseNavigationAnswer } from '../header/nav/navigationAnswer';
import { NAVIGATION_QUERY_KEY } from '../header/nav/useHeaderNavigation';
import { HEADER_SESSION_QUERY_KEY, type HeaderSession } from '../platform/session/useHeaderSession';

interface RenderRoutesOptions {
  config?: AppConfig;
  locale?: Locale;
  /** The `GET /api/navigation` answer the header sees (none: an empty navigation). */
  navigation?: unknown;
  /** The session the header sees (default: signed out). */
  session?: HeaderSession;
}

/** Test helper: the real providers and route table on a memory router starting at `path`. */
export function renderRoutes(
  path: string,
  {
    config = DEFAULT_APP_CONFIG,
    locale = 'en',
    navigation = {},
    session = { initialized: true, user: undefined },
  }: RenderRoutesOptions = {},
) {
  const i18n = createI18n(locale, resources);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // The header's server state is seeded so tests make no requests for it.
  queryClient.setQueryData(HEADER_SESSION_QUERY_KEY, session);
  queryClient.setQueryData(
    [...NAVIGATION_QUERY_KEY, session.user?.did ?? 'guest'],
    parseNavigationAnswer(navigation, 'Payshelf'),
  );
  const router = createMemoryRouter(buildRoutes(config), { initialEntries: [path] });
  const view = render(
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, i18n };
}
