import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { DEFAULT_APP_CONFIG, type AppConfig } from '../app/config/appConfig';
import { resources } from '../app/i18n/resources';
import { buildRoutes } from '../app/router/routes';
import { createI18n } from '../platform/i18n/createI18n';
import type { Locale } from '../platform/locale/locale';

interface RenderRoutesOptions {
  config?: AppConfig;
  locale?: Locale;
}

/** Test helper: the real providers and route table on a memory router starting at `path`. */
export function renderRoutes(
  path: string,
  { config = DEFAULT_APP_CONFIG, locale = 'en' }: RenderRoutesOptions = {},
) {
  const i18n = createI18n(locale, resources);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(buildRoutes(config), { initialEntries: [path] });
  const view = render(
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, i18n };
}
