import type { Locale } from '../../platform/locale/locale';
import type { LocalizedText, NavItem, ResolvedNavItem } from './navTypes';

export const GUEST_ROLE = 'guest';

/**
 * SPEC.md section 6: an item with a role list is visible when the user's role is in it or the list
 * includes guest. A parent stays only if some child stays.
 */
export function filterByRole(items: readonly NavItem[], role: string | undefined): NavItem[] {
  const current = role ?? GUEST_ROLE;
  return items.flatMap((item) => {
    if (item.role.length > 0 && !item.role.includes(current) && !item.role.includes(GUEST_ROLE)) return [];
    if (item.items.length === 0) return [item];
    const children = filterByRole(item.items, role);
    return children.length > 0 ? [{ ...item, items: children }] : [];
  });
}

/** `text[locale]`, else English, else the first value. */
export function localizeText(text: LocalizedText, locale: Locale): string {
  if (typeof text === 'string') return text;
  return text[locale] ?? text.en ?? Object.values(text)[0] ?? '';
}

/** Absolute `http(s)://` or protocol-relative `//` links leave the app and open in a new tab. */
export function isExternalLink(link: string): boolean {
  return /^https?:\/\//i.test(link) || link.startsWith('//');
}

/** Adds (or replaces) `locale=` in a link's query, keeping its hash. `mailto:` and `tel:` stay as they are. */
export function withLocaleParam(link: string, locale: Locale): string {
  if (/^(mailto|tel|javascript):/i.test(link)) return link;
  const hashAt = link.indexOf('#');
  const hash = hashAt === -1 ? '' : link.slice(hashAt);
  const beforeHash = hashAt === -1 ? link : link.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const params = new URLSearchParams(queryAt === -1 ? '' : beforeHash.slice(queryAt + 1));
  params.set('locale', locale);
  return `${base}?${params.toString()}${hash}`;
}

/** Texts in one language; leaf links get `?locale=`. */
export function localizeItems(items: readonly NavItem[], locale: Locale): ResolvedNavItem[] {
  return items.map((item) => {
    const leaf = item.items.length === 0;
    const link = item.link && leaf ? withLocaleParam(item.link, locale) : item.link;
    return {
      id: item.id,
      title: localizeText(item.title, locale),
      description: item.description === undefined ? undefined : localizeText(item.description, locale),
      link,
      icon: item.icon,
      external: link ? isExternalLink(link) : false,
      items: localizeItems(item.items, locale),
    };
  });
}

function pathOf(link: string): string {
  const path = link.split(/[?#]/)[0] ?? '';
  return path.replace(/\/+$/, '');
}

function flatten(items: readonly ResolvedNavItem[]): ResolvedNavItem[] {
  return items.flatMap((item) => [item, ...flatten(item.items)]);
}

/**
 * The id of the active item: among links starting with `/`, those whose path is a path-segment prefix
 * of `pathname`; the longest wins, the earlier one on a tie (depth-first order). The root link `/` is
 * the home page only: it matches `/` itself and nothing below it. `mountPoints` are where
 * the other parts live (e.g. `/payment`): a link outside a part never matches a page inside it, so the
 * store's `/` is not the active item on a payment page.
 */
export function findActiveId(
  items: readonly ResolvedNavItem[],
  pathname: string,
  mountPoints: readonly string[] = [],
): string | undefined {
  const current = `${pathname.replace(/\/+$/, '')}/`;
  const parts = mountPoints.map(pathOf).filter((m) => m !== '' && current.startsWith(`${m}/`));
  let best: { id: string; length: number } | undefined;
  for (const item of flatten(items)) {
    if (!item.link?.startsWith('/') || item.link.startsWith('//')) continue;
    const path = pathOf(item.link);
    if (path === '' ? current !== '/' : !current.startsWith(`${path}/`)) continue;
    if (parts.some((m) => !`${path}/`.startsWith(`${m}/`))) continue;
    if (!best || path.length > best.length) best = { id: item.id, length: path.length };
  }
  return best?.id;
}

/** True when the item or one of its descendants is the active one (to highlight parents too). */
export function containsId(item: ResolvedNavItem, id: string | undefined): boolean {
  if (id === undefined) return false;
  return item.id === id || item.items.some((child) => containsId(child, id));
}
