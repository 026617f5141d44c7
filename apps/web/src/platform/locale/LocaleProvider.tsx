import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { writeLocaleCookie } from './cookie';
import { LocaleContext, type LocaleContextValue } from './LocaleContext';
import { DEFAULT_LOCALE, LOCALE_QUERY_PARAM, normalizeLocale, type Locale } from './locale';

/**
 * Owns the interface language inside the router. i18next holds the current language (so every
 * `t()` re-renders on change); this provider adds the cookie and the `?locale=` query parameter.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const locale = normalizeLocale(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LOCALE;

  const apply = useCallback(
    (next: Locale) => {
      writeLocaleCookie(next);
      if (normalizeLocale(i18n.language) !== next) void i18n.changeLanguage(next);
    },
    [i18n],
  );

  const setLocale = useCallback(
    (next: Locale) => {
      apply(next);
      if (!searchParams.has(LOCALE_QUERY_PARAM)) return;
      const params = new URLSearchParams(searchParams);
      params.set(LOCALE_QUERY_PARAM, next);
      setSearchParams(params, { replace: true, preventScrollReset: true });
    },
    [apply, searchParams, setSearchParams],
  );

  // A navigation to an address carrying another `?locale=` (a shared link) switches the language too.
  const queryLocale = normalizeLocale(searchParams.get(LOCALE_QUERY_PARAM));
  const lastQueryLocale = useRef(queryLocale);
  useEffect(() => {
    if (queryLocale === lastQueryLocale.current) return;
    lastQueryLocale.current = queryLocale;
    if (queryLocale) apply(queryLocale);
  }, [queryLocale, apply]);

  const value = useMemo<LocaleContextValue>(() => ({ locale, setLocale }), [locale, setLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}
