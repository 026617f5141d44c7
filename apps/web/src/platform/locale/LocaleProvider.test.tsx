// @vitest-environment happy-dom
import { configure, act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubEmptyStore, unstubStore } from '../../testing/storeStub';
import { renderRoutes } from '../../testing/renderRoutes';
import { bindDocumentLanguage } from '../i18n/createI18n';
import { LOCALE_COOKIE, readCookie } from './cookie';

// Store pages fetch the catalogue: an empty one, pages preloaded.
beforeEach(stubEmptyStore);
// Lazy pages can take a few seconds to first render on a busy machine.
configure({ asyncUtilTimeout: 5000 });
afterEach(unstubStore);

/** Picks a language in the header's locale selector. */
async function chooseLanguage(current: string, next: string) {
  fireEvent.click(screen.getByTestId('locale-selector'));
  expect(screen.getByTestId('locale-selector').getAttribute('aria-label')).toContain(current);
  fireEvent.click(await screen.findByRole('menuitem', { name: next }));
}

afterEach(() => {
  cleanup();
  document.cookie = `${LOCALE_COOKIE}=; path=/; max-age=0`;
  document.documentElement.lang = '';
});

describe('LocaleProvider', () => {
  it('switches the language, writes the nf_lang cookie and sets <html lang>', async () => {
    const { i18n } = renderRoutes('/');
    bindDocumentLanguage(i18n);
    await screen.findByTestId('page-home');
    expect(document.documentElement.lang).toBe('en');

    await chooseLanguage('English', '中文');

    expect(await screen.findByRole('heading', { level: 1, name: '应用' })).toBeTruthy();
    expect(readCookie(document.cookie, LOCALE_COOKIE)).toBe('zh');
    expect(document.documentElement.lang).toBe('zh');
    expect(screen.getByRole('button', { name: '语言：中文' })).toBeTruthy();
  });

  it('keeps ?locale= in step when the address carries it', async () => {
    const { router } = renderRoutes('/search?q=pay&locale=en');
    await screen.findByTestId('page-search');

    await chooseLanguage('English', '中文');

    await screen.findByRole('heading', { level: 1, name: '应用' });
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('locale')).toBe('zh');
    expect(params.get('q')).toBe('pay');
  });

  it('does not add ?locale= when the address has none', async () => {
    // /profile is behind the login guard: render it for a signed-in user.
    const { router } = renderRoutes('/profile', {
      session: {
        initialized: true,
        user: { did: 'z1User', role: 'member', fullName: 'User', avatar: undefined },
      },
    });
    await screen.findByTestId('page-profile');
    await chooseLanguage('English', '中文');
    await screen.findByRole('heading', { level: 1, name: '开发者主页' });
    expect(router.state.location.search).toBe('');
  });

  it('follows a navigation to an address with another ?locale=', async () => {
    const { router } = renderRoutes('/');
    await screen.findByTestId('page-home');
    await act(() => router.navigate('/?locale=zh-TW'));
    expect(await screen.findByRole('heading', { level: 1, name: '应用' })).toBeTruthy();
    expect(readCookie(document.cookie, LOCALE_COOKIE)).toBe('zh');
  });
});
