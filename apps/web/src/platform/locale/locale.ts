/** The locales the product ships translations for. Anything else falls back to English. */
export const SUPPORTED_LOCALES = ['en', 'zh'] as const;

export type Locale = (typeof SUPPORTED_LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** The query parameter that pins the locale for one visit (shared links carry it). */
export const LOCALE_QUERY_PARAM = 'locale';

/**
 * Maps a language tag to a supported locale: `en-US` -> en; `zh`, `zh-CN`, `zh-TW`, `zh-Hant` and the
 * platform's legacy `tw` -> zh. Unknown or empty tags give undefined so the caller can try the next source.
 */
export function normalizeLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'en') return 'en';
  if (primary === 'zh' || primary === 'tw') return 'zh';
  return undefined;
}

export interface LocaleSources {
  /** Value of the `?locale=` query parameter. */
  query?: string | null;
  /** Value of the locale cookie. */
  cookie?: string | null;
  /** The browser's preferred languages, most preferred first (navigator.languages). */
  languages?: readonly string[];
}

/** Picks the locale: query, then cookie, then the first supported browser language, then English. */
export function resolveLocale({ query, cookie, languages = [] }: LocaleSources): Locale {
  return (
    normalizeLocale(query) ??
    normalizeLocale(cookie) ??
    languages.map(normalizeLocale).find((locale) => locale !== undefined) ??
    DEFAULT_LOCALE
  );
}

export function isLocale(value: string): value is Locale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The other supported locale: what the header's one-click language switch changes to. */
export function otherLocale(locale: Locale): Locale {
  return locale === 'en' ? 'zh' : 'en';
}
