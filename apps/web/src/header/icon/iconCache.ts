import type { IconData } from './iconTypes';

/** SPEC.md section 9: icons are cached for an hour in local and session storage. */
export const ICON_CACHE_MS = 60 * 60 * 1000;
const KEY_PREFIX = 'payshelf-icon:';

interface Entry {
  data: IconData;
  expires: number;
}

function stores(): Storage[] {
  const list: Storage[] = [];
  for (const pick of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      list.push(pick());
    } catch {
      // Storage disabled: that cache is skipped.
    }
  }
  return list;
}

function parseEntry(raw: string | null): Entry | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const entry = value as Partial<Entry>;
    const data = entry.data;
    if (typeof entry.expires !== 'number' || !data || typeof data.body !== 'string') return undefined;
    return { data, expires: entry.expires };
  } catch {
    return undefined;
  }
}

/** The cached icon if one of the stores has it and it has not expired (expired entries are removed). */
export function readCachedIcon(icon: string, now = Date.now()): IconData | undefined {
  for (const store of stores()) {
    try {
      const entry = parseEntry(store.getItem(KEY_PREFIX + icon));
      if (entry && entry.expires > now) return entry.data;
      if (entry) store.removeItem(KEY_PREFIX + icon);
    } catch {
      // Unreadable store: try the next one.
    }
  }
  return undefined;
}

export function writeCachedIcon(icon: string, data: IconData, now = Date.now()): void {
  const value = JSON.stringify({ data, expires: now + ICON_CACHE_MS } satisfies Entry);
  for (const store of stores()) {
    try {
      store.setItem(KEY_PREFIX + icon, value);
    } catch {
      // Full store: the other one may still take it.
    }
  }
}
