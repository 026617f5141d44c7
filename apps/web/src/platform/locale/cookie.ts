import type { Locale } from './locale';

/** The platform-wide locale cookie, shared with the other services on the same site. */
export const LOCALE_COOKIE = 'nf_lang';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Reads one cookie from a `document.cookie` style string. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

export function writeLocaleCookie(locale: Locale, doc: Document = document): void {
  const secure = doc.location.protocol === 'https:' ? '; secure' : '';
  doc.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax${secure}`;
}
