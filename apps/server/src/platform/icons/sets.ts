import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { IconSetAnswer } from '@payshelf/api';

type IconData = IconSetAnswer['icons'][string];
type Alias = NonNullable<IconSetAnswer['aliases']>[string];

/** An Iconify JSON icon set as the @iconify-json packages ship it (only the fields used here). */
export interface IconSet {
  prefix: string;
  icons: Record<string, IconData>;
  aliases?: Record<string, Alias>;
  width?: number;
  height?: number;
}

/** The bundled sets, by prefix: served from this server, so icons load with no outside network. */
const BUNDLED: Record<string, string> = {
  mdi: '@iconify-json/mdi/icons.json',
  codicon: '@iconify-json/codicon/icons.json',
};

export const bundledPrefixes = (): string[] => Object.keys(BUNDLED);

const require = createRequire(import.meta.url);
const loaded = new Map<string, Promise<IconSet>>();

function isIconSet(value: unknown): value is IconSet {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.prefix === 'string' && typeof v.icons === 'object' && v.icons !== null;
}

/** The bundled set for `prefix`, parsed once per process on first use; null for an unknown prefix. */
export function iconSet(prefix: string): Promise<IconSet> | null {
  const file = Object.hasOwn(BUNDLED, prefix) ? BUNDLED[prefix] : undefined;
  if (!file) return null;
  let set = loaded.get(prefix);
  if (!set) {
    set = readFile(require.resolve(file), 'utf8').then((text) => {
      const parsed: unknown = JSON.parse(text);
      if (!isIconSet(parsed)) throw new Error(`${file} is not an Iconify icon set`);
      return parsed;
    });
    set.catch(() => loaded.delete(prefix));
    loaded.set(prefix, set);
  }
  return set;
}

const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_ALIAS_DEPTH = 8;

/** Follows an alias chain to its icon, adding up rotations and flips the way Iconify does. */
function resolveAlias(set: IconSet, name: string): Alias | null {
  let alias = set.aliases?.[name];
  if (!alias) return null;
  const merged: Alias = { parent: alias.parent };
  for (let depth = 0; alias && depth < MAX_ALIAS_DEPTH; depth += 1) {
    merged.parent = alias.parent;
    if (alias.rotate) merged.rotate = ((merged.rotate ?? 0) + alias.rotate) % 4;
    if (alias.hFlip) merged.hFlip = !merged.hFlip;
    if (alias.vFlip) merged.vFlip = !merged.vFlip;
    if (alias.width !== undefined && merged.width === undefined) merged.width = alias.width;
    if (alias.height !== undefined && merged.height === undefined) merged.height = alias.height;
    if (Object.hasOwn(set.icons, alias.parent)) return merged;
    alias = set.aliases?.[alias.parent];
  }
  return null;
}

/** The Iconify API answer for `names` of `set`: icons, aliases (flattened), sizes and what was not found. */
export function pickIcons(set: IconSet, names: readonly string[]): IconSetAnswer {
  const answer: IconSetAnswer = {
    prefix: set.prefix,
    icons: {},
    width: set.width ?? 16,
    height: set.height ?? 16,
  };
  const notFound: string[] = [];
  for (const name of new Set(names)) {
    if (!NAME.test(name)) {
      notFound.push(name);
      continue;
    }
    const icon = Object.hasOwn(set.icons, name) ? set.icons[name] : undefined;
    if (icon) {
      answer.icons[name] = icon;
      continue;
    }
    const alias = resolveAlias(set, name);
    const parent = alias ? set.icons[alias.parent] : undefined;
    if (alias && parent) {
      answer.icons[alias.parent] = parent;
      answer.aliases = { ...answer.aliases, [name]: alias };
    } else {
      notFound.push(name);
    }
  }
  if (notFound.length > 0) answer.not_found = notFound;
  return answer;
}
