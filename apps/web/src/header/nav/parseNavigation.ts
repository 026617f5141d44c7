import {
  NAV_SECTIONS,
  type LocalizedText,
  type NavItem,
  type NavSection,
  type NavSections,
} from './navTypes';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSection(value: unknown): value is NavSection {
  return typeof value === 'string' && (NAV_SECTIONS as readonly string[]).includes(value);
}

function parseText(value: unknown): LocalizedText | undefined {
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function toList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null || value === '' ? [] : [value];
}

/**
 * Reads one configured item from untrusted JSON. `role` and `section` may be a string or a list;
 * the section defaults to header. Items with neither a link nor children are dropped.
 */
export function parseNavItem(raw: unknown, index: number, parentId = ''): NavItem | undefined {
  if (!isRecord(raw)) return undefined;
  const title = parseText(raw.title);
  if (title === undefined) return undefined;
  const id = typeof raw.id === 'string' && raw.id !== '' ? raw.id : `${parentId}/${index}`;
  const items = parseNavItems(raw.items, id);
  const link = typeof raw.link === 'string' && raw.link !== '' ? raw.link : undefined;
  if (!link && items.length === 0) return undefined;
  const sections = toList(raw.section).filter(isSection);
  return {
    id,
    title,
    description: parseText(raw.description),
    link,
    icon: typeof raw.icon === 'string' && raw.icon !== '' ? raw.icon : undefined,
    role: toList(raw.role).filter((r): r is string => typeof r === 'string' && r !== ''),
    section: sections.length > 0 ? sections : ['header'],
    items,
  };
}

export function parseNavItems(raw: unknown, parentId = ''): NavItem[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry, index) => parseNavItem(entry, index, parentId) ?? []);
}

export function emptySections(): NavSections {
  return {
    header: [],
    footer: [],
    social: [],
    bottom: [],
    dashboard: [],
    sessionManager: [],
    userCenter: [],
  };
}

/** Sorts top-level items into their sections (an item may belong to several). */
export function groupBySection(items: readonly NavItem[]): NavSections {
  const sections = emptySections();
  for (const item of items) for (const section of item.section) sections[section].push(item);
  return sections;
}
