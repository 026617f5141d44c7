import { NAV_SECTIONS, type NavigationItem, type NavigationItemInput, type NavSection } from '@payshelf/api';

export const GUEST_ROLE = 'guest';

function asList<T>(value: T | T[] | undefined): T[] | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value : [value];
}

/** Role and section as lists; children share their top-level item's sections. */
export function normalizeItem(item: NavigationItemInput, inherited?: NavSection[]): NavigationItem {
  const section = inherited ?? asList(item.section) ?? ['header'];
  const role = asList(item.role);
  return {
    id: item.id,
    title: item.title,
    ...(item.description !== undefined ? { description: item.description } : {}),
    ...(item.link !== undefined ? { link: item.link } : {}),
    ...(item.icon !== undefined ? { icon: item.icon } : {}),
    ...(role ? { role } : {}),
    section,
    items: (item.items ?? []).map((child) => normalizeItem(child, section)),
  };
}

/**
 * SPEC.md section 6: an item with a role list is visible only when one of the caller's roles is in it or
 * the list includes guest; an item without roles is visible to everyone. `roles` is what the caller has
 * (`['guest']` when signed out).
 */
export function isVisibleTo(item: Pick<NavigationItem, 'role'>, roles: ReadonlySet<string>): boolean {
  if (!item.role || item.role.length === 0) return true;
  return item.role.some((r) => r === GUEST_ROLE || roles.has(r));
}

/** Drops what the caller may not see, at every depth; a parent whose children are all hidden goes too. */
export function filterByRole(items: NavigationItem[], roles: ReadonlySet<string>): NavigationItem[] {
  const kept: NavigationItem[] = [];
  for (const item of items) {
    if (!isVisibleTo(item, roles)) continue;
    if (item.items.length === 0) {
      kept.push(item);
      continue;
    }
    const children = filterByRole(item.items, roles);
    if (children.length > 0) kept.push({ ...item, items: children });
  }
  return kept;
}

/** Groups top-level items by section; an item listing several sections appears in each. */
export function groupBySection(items: NavigationItem[]): Record<NavSection, NavigationItem[]> {
  const sections = Object.fromEntries(NAV_SECTIONS.map((s) => [s, [] as NavigationItem[]])) as Record<
    NavSection,
    NavigationItem[]
  >;
  for (const item of items) {
    for (const s of new Set(item.section)) sections[s].push(item);
  }
  return sections;
}

/** The caller's view of a stored navigation: normalised, filtered by role, grouped by section. */
export function navigationFor(
  items: NavigationItemInput[],
  roles: ReadonlySet<string>,
): Record<NavSection, NavigationItem[]> {
  return groupBySection(
    filterByRole(
      items.map((i) => normalizeItem(i)),
      roles,
    ),
  );
}
