import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FREE_TEXT_PENDING } from './free-text-pending.js';

// Errors are built from the catalog (`ApiError.of(key, values)`): their code and their English and
// Chinese texts come from one entry. Building one from a free English string (`new ApiError(…)`,
// `ApiError.badRequest/conflict/notFound/unauthenticated/forbidden(…)`) is allowed only in the files
// still waiting for conversion, at most as often as they do it today; the list only shrinks.
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FREE_TEXT = /new ApiError\(|ApiError\.(?:badRequest|conflict|notFound|unauthenticated|forbidden)\(/g;
/** The error class itself and the adapter for framework and database failures. */
const OWN = new Set(['core/http/errors.ts']);

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sources(full, out);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

describe('errors built from free text', () => {
  it('appear only in the files still waiting for the catalog, never more often than before', () => {
    const found: Record<string, number> = {};
    for (const file of sources(SRC)) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      const count = (readFileSync(file, 'utf8').match(FREE_TEXT) ?? []).length;
      if (count > 0 && !OWN.has(rel)) found[rel] = count;
    }
    const over = Object.entries(found)
      .filter(([file, count]) => count > (FREE_TEXT_PENDING[file] ?? 0))
      .map(([file, count]) => `${file}: ${count} (allowed ${FREE_TEXT_PENDING[file] ?? 0})`);
    expect(over, 'build these errors with ApiError.of and a catalog entry').toEqual([]);
    // The list only shrinks: a file that needs fewer than it is allowed must have its number lowered.
    const slack = Object.entries(FREE_TEXT_PENDING)
      .filter(([file, allowed]) => (found[file] ?? 0) < allowed)
      .map(([file, allowed]) => `${file}: ${found[file] ?? 0} (allowed ${allowed})`);
    expect(slack, 'lower these numbers in free-text-pending.ts').toEqual([]);
  });
});
