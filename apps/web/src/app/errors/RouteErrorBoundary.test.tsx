// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../platform/i18n/createI18n';
import type { Locale } from '../../platform/locale/locale';
import { AppProviders } from '../AppProviders';
import { resources } from '../i18n/resources';
import { RouteErrorBoundary } from './RouteErrorBoundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('render failed');
}

function renderFailing(element: ReactNode, locale: Locale = 'en', loader?: () => unknown) {
  const router = createMemoryRouter([
    {
      path: '/',
      element,
      loader,
      errorElement: <RouteErrorBoundary />,
      hydrateFallbackElement: <p>loading</p>,
    },
  ]);
  render(
    <AppProviders i18n={createI18n(locale, resources)} queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('RouteErrorBoundary', () => {
  it('shows "Something went wrong..." with Home and Refresh when a page throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderFailing(<Broken />);
    await screen.findByTestId('error-page-500');
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong...' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('is translated', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderFailing(<Broken />, 'zh');
    await screen.findByTestId('error-page-500');
    expect(screen.getByRole('heading', { level: 1, name: '出错了...' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '刷新' })).toBeTruthy();
  });

  it('shows the matching error page for a thrown 403 response', async () => {
    renderFailing(<p>never</p>, 'en', () => {
      throw data('no', { status: 403 });
    });
    await screen.findByTestId('error-page-403');
    expect(screen.getByRole('heading', { level: 1, name: 'Not authorized' })).toBeTruthy();
  });
});
