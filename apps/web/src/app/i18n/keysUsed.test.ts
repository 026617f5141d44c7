import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { coreMessages } from './coreResources';
import { messages } from './resources';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every leaf key of a message tree (plural forms `x_one`, `x_other` also count as `x`). */
function keysOf(tree: object, prefix = ''): Set<string> {
  const keys = new Set<string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) for (const k of keysOf(value, full)) keys.add(k);
    else {
      keys.add(full);
      keys.add(full.replace(/_(zero|one|two|few|many|other)$/, ''));
    }
  }
  return keys;
}

/** The literal keys a source file passes to `t(...)` or `i18nKey=`. */
function keysUsedIn(source: string): string[] {
  const found = [...source.matchAll(/\bt\(\s*['"]([A-Za-z0-9_.-]+)['"]/g)].map((m) => m[1] ?? '');
  const trans = [...source.matchAll(/i18nKey=["']([A-Za-z0-9_.-]+)["']/g)].map((m) => m[1] ?? '');
  return [...found, ...trans].filter((k) => k.includes('.'));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** `entry` and every file it imports statically (relative imports; `import()` loads later, with its page). */
function staticImports(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  for (const m of source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)) {
    const base = path.resolve(path.dirname(entry), m[1] ?? '');
    const file = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => {
      try {
        return statSync(f).isFile();
      } catch {
        return false;
      }
    });
    // Type-only imports bring no code (and no strings) to the page.
    if (file && !/^\s*(import|export) type\s/.test(m[0])) staticImports(file, seen);
  }
  return seen;
}

describe('translation keys used in the source', () => {
  it('exist in en and zh for every t() key of the web app', () => {
    const en = keysOf(messages.en);
    const zh = keysOf(messages.zh);
    const missing: string[] = [];
    for (const file of sourceFiles(SRC)) {
      for (const key of keysUsedIn(readFileSync(file, 'utf8'))) {
        if (!en.has(key) || !zh.has(key)) missing.push(`${path.relative(SRC, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('on the checkout pages come from the strings bundled with the app (no page bundle is loaded there)', () => {
    const en = keysOf(coreMessages.en);
    const zh = keysOf(coreMessages.zh);
    const entries = ['payment/pages/CheckoutSessionPage.tsx', 'payment/pages/PaymentLinkPage.tsx'];
    const files = new Set(entries.flatMap((e) => [...staticImports(path.join(SRC, e))]));
    expect(files.size).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const file of files) {
      for (const key of keysUsedIn(readFileSync(file, 'utf8'))) {
        if (!en.has(key) || !zh.has(key)) missing.push(`${path.relative(SRC, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
