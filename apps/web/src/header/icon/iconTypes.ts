/** One icon of an Iconify-style JSON set: the SVG body and its view box size. */
export interface IconData {
  body: string;
  width: number;
  height: number;
}

export type IconStatus = 'loading' | 'rendered' | 'failed';

/** `prefix:name` (or `prefix--name`); undefined for anything else, such as an image URL. */
export function splitIconName(icon: string): { prefix: string; name: string } | undefined {
  const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)(?::|--)([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(icon.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return { prefix: match[1], name: match[2] };
}

/** The letter shown when an icon fails: the first letter of its name. */
export function fallbackLetter(icon: string): string {
  const name = splitIconName(icon)?.name ?? icon.replace(/^.*[/:]/, '');
  return (name.match(/[\p{L}\p{N}]/u)?.[0] ?? '?').toUpperCase();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Bodies with scripts, handlers or foreign content are refused (they are drawn as a CSS mask anyway). */
function isSafeBody(body: string): boolean {
  return !/<script|<foreignObject|\son\w+\s*=|javascript:/i.test(body);
}

/** Picks the requested icons (aliases resolved one level) from a set's JSON. */
export function readIconSet(raw: unknown, names: readonly string[]): Map<string, IconData> {
  const found = new Map<string, IconData>();
  if (!isRecord(raw) || !isRecord(raw.icons)) return found;
  const icons = raw.icons;
  const aliases = isRecord(raw.aliases) ? raw.aliases : {};
  const width = typeof raw.width === 'number' ? raw.width : 16;
  const height = typeof raw.height === 'number' ? raw.height : 16;
  for (const name of names) {
    const alias = aliases[name];
    const parent = isRecord(alias) && typeof alias.parent === 'string' ? alias.parent : name;
    const icon = icons[parent];
    if (!isRecord(icon) || typeof icon.body !== 'string' || !isSafeBody(icon.body)) continue;
    found.set(name, {
      body: icon.body,
      width: typeof icon.width === 'number' ? icon.width : width,
      height: typeof icon.height === 'number' ? icon.height : height,
    });
  }
  return found;
}
