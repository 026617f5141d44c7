// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { messages } from './resources';

/** Every leaf as [dotted key, text]. */
function leaves(tree: object, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]): [string, unknown][] => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' && value !== null ? leaves(value, path) : [[path, value]];
  });
}

const placeholders = (text: unknown) =>
  [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const en = new Map(leaves(messages.en));
  const zh = new Map(leaves(messages.zh));

  it('has the same keys in en and zh', () => {
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('has a non-empty string for every key', () => {
    for (const [key, text] of [...en, ...zh]) {
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
    }
  });

  it('uses the same interpolation placeholders in both languages', () => {
    for (const [key, text] of en) {
      expect(placeholders(zh.get(key)), key).toEqual(placeholders(text));
    }
  });

  it('contains no placeholder copy', () => {
    for (const [key, text] of [...en, ...zh]) {
      expect(String(text), key).not.toMatch(/\b(todo|tbd|coming soon|lorem ipsum)\b/i);
    }
  });
});
