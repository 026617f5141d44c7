// A version's changelog: the text given at upload (the CLI's `--changelog`, the upload form's field),
// or else this version's section of the bundle's CHANGELOG.md (the whole file when no heading names
// the version). Stored as Markdown and shown rendered through the README's sanitiser.
import { ApiError } from '../../core/http/errors.js';

/** Longest changelog kept, in characters (a longer one is cut at a line break). */
export const CHANGELOG_MAX_CHARS = 20_000;
/** Longest `x-blocklet-changelog` header, in bytes of its percent-encoded form. */
export const CHANGELOG_HEADER_MAX_BYTES = 12_000;

/** Whether a Markdown heading line (`## 1.2.0`, `## [1.2.0] - 2026-01-01`, `# v1.2.0`) names `version`. */
function headingVersion(line: string): string | null {
  const m = /^#{1,6}\s+\[?v?(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?)\]?/.exec(line.trim());
  return m?.[1] ?? null;
}

/** Cuts `text` to `max` characters, at the last line break before the cut when there is one. */
export function clip(text: string, max = CHANGELOG_MAX_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const br = cut.lastIndexOf('\n');
  return (br > max / 2 ? cut.slice(0, br) : cut).trimEnd();
}

/**
 * The part of a CHANGELOG.md about `version`: the lines under the heading naming it, up to the next
 * heading of the same or a higher level. The whole file (trimmed) when no heading names the version;
 * '' when that section is empty.
 */
export function changelogSection(markdown: string, version: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const start = lines.findIndex((l) => headingVersion(l) === version);
  if (start < 0) return clip(markdown.trim());
  const level = (/^\s*(#+)/.exec(lines[start] ?? '')?.[1] ?? '#').length;
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const h = /^\s*(#+)\s/.exec(line);
    if (h && (h[1] ?? '').length <= level) break;
    body.push(line);
  }
  return clip(body.join('\n').trim());
}

/**
 * The changelog an upload carries in `x-blocklet-changelog` (percent-encoded UTF-8): null when the
 * header is absent or blank, an Error when it is too long or not valid percent-encoding.
 */
export function changelogHeader(value: string | null): string | null | ApiError {
  if (value === null || value.trim() === '') return null;
  if (value.length > CHANGELOG_HEADER_MAX_BYTES)
    return ApiError.of(
      'store_changelog_too_long',
      { limit: String(CHANGELOG_HEADER_MAX_BYTES) },
      { param: 'x-blocklet-changelog' },
    );
  try {
    const text = decodeURIComponent(value).trim();
    return text ? clip(text) : null;
  } catch {
    return ApiError.of('store_changelog_encoding', {}, { param: 'x-blocklet-changelog' });
  }
}
