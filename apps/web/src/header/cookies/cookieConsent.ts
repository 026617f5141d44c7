import { readCookie } from '../../platform/locale/cookie';

/** SPEC.md section 9, cookie consent. */
export const CONSENT_COOKIE = 'CookieConsent';
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type ConsentValue = 'true' | 'false';

/** The stored answer, or undefined when the visitor has not answered yet. */
export function readConsent(cookies: string): ConsentValue | undefined {
  const value = readCookie(cookies, CONSENT_COOKIE);
  return value === 'true' || value === 'false' ? value : undefined;
}

/** The `document.cookie` assignment storing an answer: a year, lax, and Secure on https. */
export function consentCookie(value: ConsentValue, protocol: string): string {
  const secure = protocol === 'https:' ? '; Secure' : '';
  return `${CONSENT_COOKIE}=${value}; path=/; max-age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

export interface BannerContext {
  cookies: string;
  /** The page runs inside an iframe (window.self !== window.top). */
  inIframe: boolean;
  /** Show even inside an iframe (off by default). */
  displayInIframe?: boolean;
}

/** The banner shows only when no answer is stored, and not inside an iframe unless asked to. */
export function shouldShowBanner({ cookies, inIframe, displayInIframe = false }: BannerContext): boolean {
  if (inIframe && !displayInIframe) return false;
  return readConsent(cookies) === undefined;
}

export function isInIframe(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    // Cross-origin parents throw on access: that means we are framed.
    return true;
  }
}
