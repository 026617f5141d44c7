import { ANALYTICS_MAX_EVENT, ANALYTICS_MAX_PATH } from '@payshelf/api';

/** Crawlers, link previewers, monitors and scripts; an empty user agent counts as a bot too. */
const BOT =
  /bot|crawl|spider|slurp|scrap|archiver|facebookexternalhit|embedly|preview|lighthouse|pagespeed|headless|phantomjs|puppeteer|playwright|selenium|curl|wget|httpie|python|java\/|okhttp|go-http-client|axios|node-fetch|undici|libwww|monitor|uptime|pingdom|^node$/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || userAgent.trim() === '' || BOT.test(userAgent);
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** True when the text holds a control character (never part of a page path or an event name). */
const hasControl = (s: string) =>
  [...s].some((ch) => (ch.codePointAt(0) ?? 0) < 0x20 || ch.codePointAt(0) === 0x7f);

/**
 * The page path of `/pv/{path}` as stored: decoded, one slash between segments, no trailing slash, at
 * most ANALYTICS_MAX_PATH characters. Null for paths that are not page paths (control characters).
 */
export function cleanPagePath(raw: string): string | null {
  const path = `/${(raw.split('?')[0] ?? '')
    .split('/')
    .filter((s) => s !== '')
    .map(decode)
    .join('/')}`;
  if (hasControl(path)) return null;
  return path.slice(0, ANALYTICS_MAX_PATH);
}

/** The event name of `/evt/{name}` as stored, or null when it is empty or holds control characters. */
export function cleanEventName(raw: string): string | null {
  const name = decode(raw.split('?')[0] ?? '').trim();
  if (name === '' || hasControl(name)) return null;
  return name.slice(0, ANALYTICS_MAX_EVENT);
}

/** The UTC dates (YYYY-MM-DD) of the last `days` days, oldest first, ending today. */
export function lastDays(days: number, now: Date = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}
