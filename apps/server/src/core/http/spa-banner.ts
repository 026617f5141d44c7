// The web build writes a plain-HTML cookie banner into index.html for each locale, between
// `<!--cookie-banner:LOCALE-->` and `<!--/cookie-banner:LOCALE-->`, so it shows with the first paint; the
// app's own banner replaces it once the app runs. Per request the server keeps at most one of them.

const BLOCK = /<!--cookie-banner:([a-z]+)-->([\s\S]*?)<!--\/cookie-banner:\1-->/g;
const CONSENT_COOKIE = 'CookieConsent';
/** The web app's locale cookie (apps/web platform/locale/cookie.ts). */
const LOCALE_COOKIE = 'nf_lang';

/** What the page's banner depends on, as the request shows it. */
export interface BannerRequest {
  query: unknown;
  cookies: Record<string, string | undefined>;
  headers: Record<string, string | string[] | undefined>;
}

/** index.html in each form a request may get: no banner, or the banner of one locale. */
export interface SpaPages {
  none: string;
  byLocale: Map<string, string>;
}

export function splitBanners(html: string): SpaPages {
  const locales = [...html.matchAll(BLOCK)].map((m) => m[1] ?? '');
  const keep = (locale: string | null) =>
    html.replace(BLOCK, (_all, l: string, body: string) => (l === locale ? body : ''));
  return { none: keep(null), byLocale: new Map(locales.map((l) => [l, keep(l)])) };
}

/** en-US -> en; zh, zh-CN, zh-TW, zh-Hant and the legacy `tw` -> zh; anything else: none. */
function normalize(tag: unknown): string | undefined {
  if (typeof tag !== 'string' || !tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'en') return 'en';
  if (primary === 'zh' || primary === 'tw') return 'zh';
  return undefined;
}

/** The app's own choice (platform/locale/detectLocale.ts): `?locale=`, then the cookie, then the browser. */
export function bannerLocale(request: BannerRequest): string {
  const query = request.query && typeof request.query === 'object' ? request.query : {};
  const languages = String(request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.split(';')[0]);
  return (
    normalize((query as Record<string, unknown>).locale) ??
    normalize(request.cookies[LOCALE_COOKIE]) ??
    languages.map(normalize).find((l) => l !== undefined) ??
    'en'
  );
}

/**
 * The page for this request: without the banner once consent is answered (its cookie holds true or false)
 * or when the browser loads the page into a frame (the app shows no banner inside frames); otherwise
 * with the banner in the visitor's locale.
 */
export function pageFor(pages: SpaPages, request: BannerRequest): string {
  const consent = request.cookies[CONSENT_COOKIE];
  if (consent === 'true' || consent === 'false') return pages.none;
  const dest = request.headers['sec-fetch-dest'];
  if (dest === 'iframe' || dest === 'frame') return pages.none;
  return pages.byLocale.get(bannerLocale(request)) ?? pages.byLocale.get('en') ?? pages.none;
}
