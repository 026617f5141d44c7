import type { FastifyRequest } from 'fastify';
import { ERROR_CATALOG, type CatalogEntry } from './error-catalog.js';

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
 * The language a request's messages are answered in: the `locale` query parameter, then the locale
 * cookie, else English. A merchant call (any Authorization header, i.e. a secret key) always gets English.
 */
export function requestLocale(request: FastifyRequest): MessageLocale {
  if (request.headers.authorization) return 'en';
  const query = new URL(request.url, 'http://localhost').searchParams.get('locale');
  return normalizeLocale(query) ?? normalizeLocale(request.cookies?.[LOCALE_COOKIE]) ?? 'en';
}

/** Replaces each `{name}` with its value; a placeholder without a value stays as it is. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Reads the placeholder values back out of a message made from `template`, or null when it does not fit. */
export function readTemplate(template: string, message: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      names.push(name);
      return '(.*?)';
    })
    .join('');
  const match = new RegExp(`^${pattern}$`, 's').exec(message);
  if (!match) return null;
  return Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? '']));
}

/** The values that rebuild `message` from the entry's English text, or null when it is another text. */
function valuesFor(
  entry: CatalogEntry,
  message: string,
  carried: Readonly<Record<string, string>> | undefined,
): Readonly<Record<string, string>> | null {
  if (carried && fillTemplate(entry.en, carried) === message) return carried;
  return readTemplate(entry.en, message);
}

/**
 * The message in `locale`: the catalog's text for `code` when `message` is that entry's English text
 * (filled with the error's values), else `message` unchanged.
 */
export function localizeMessage(
  locale: MessageLocale,
  code: string,
  message: string,
  values?: Readonly<Record<string, string>>,
): string {
  if (locale === 'en') return message;
  for (const entry of ERROR_CATALOG) {
    if (entry.code !== code) continue;
    const found = valuesFor(entry, message, values);
    if (found) return fillTemplate(entry[locale], found);
  }
  return message;
}

/** A fixed catalog text given by its English wording (the notices of a 200 answer), else as it is. */
export function localizeText(locale: MessageLocale, message: string): string {
  if (locale === 'en') return message;
  const entry = ERROR_CATALOG.find((e) => e.en === message && !/\{\w+\}/.test(e.en));
  return entry ? entry[locale] : message;
}
