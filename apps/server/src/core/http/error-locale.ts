import type { FastifyRequest } from 'fastify';
import { ERROR_CATALOG } from './error-catalog.js';

export type MessageLocale = 'en' | 'zh';

/** The locale cookie the web app writes (apps/web/src/platform/locale/cookie.ts). */
export const LOCALE_COOKIE = 'nf_lang';

/** Like the web: `zh`, `zh-*` and the legacy `tw` are Chinese, `en*` English, anything else unknown. */
export function normalizeLocale(tag: string | null | undefined): MessageLocale | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'en') return 'en';
  if (primary === 'zh' || primary === 'tw') return 'zh';
  return undefined;
}

/**
 * The language a request's messages are answered in, chosen like the web app chooses its own: the
 * `locale` query parameter, then the locale cookie, then the first English or Chinese language of
 * Accept-Language, else English. A merchant call (any Authorization header, i.e. a secret key) always
 * gets English.
 */
export function requestLocale(request: FastifyRequest): MessageLocale {
  if (request.headers.authorization) return 'en';
  const query = new URL(request.url, 'http://localhost').searchParams.get('locale');
  return (
    normalizeLocale(query) ??
    normalizeLocale(request.cookies?.[LOCALE_COOKIE]) ??
    browserLocale(request.headers['accept-language']) ??
    'en'
  );
}

/** The first of `en*`, `zh*`, `tw` in an Accept-Language header, in the order the browser lists them. */
function browserLocale(header: string | undefined): MessageLocale | undefined {
  for (const part of (header ?? '').split(',')) {
    const locale = normalizeLocale(part.split(';')[0]);
    if (locale) return locale;
  }
  return undefined;
}

/** Replaces each `{name}` with its value; a placeholder without a value stays as it is. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The message in `locale` for an error not thrown with `ApiError.of`: the catalog's text when
 * `message` is exactly the English text of a placeholder-free entry of `code`, else undefined (the
 * caller then answers with the code's own text; a message with values must come from `ApiError.of`).
 */
export function localizeMessage(locale: MessageLocale, code: string, message: string): string | undefined {
  if (locale === 'en') return message;
  const entry = ERROR_CATALOG.find((e) => e.code === code && e.en === message && !/\{\w+\}/.test(e.en));
  return entry?.[locale];
}

/** A fixed catalog text given by its English wording (the notices of a 200 answer), else as it is. */
export function localizeText(locale: MessageLocale, message: string): string {
  if (locale === 'en') return message;
  const entry = ERROR_CATALOG.find((e) => e.en === message && !/\{\w+\}/.test(e.en));
  return entry ? entry[locale] : message;
}
