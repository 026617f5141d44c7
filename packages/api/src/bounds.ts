// The input rules every request meets before any handler runs (and the schemas repeat for their
// fields): text PostgreSQL can store, JSON nested at most MAX_JSON_DEPTH deep, amounts an EVM
// transfer can carry and totals a numeric(78,0) column can hold.
import { z } from 'zod';

/** Deepest nesting of objects and arrays a JSON body may have (`{"a":[1]}` is 2 deep). */
export const MAX_JSON_DEPTH = 32;
/** Longest path parameter and longest query value, in characters. */
export const MAX_PARAM_LENGTH = 256;
export const MAX_QUERY_LENGTH = 4096;

/** Amounts are uint256 on the chain: every amount is below 2^256. */
export const AMOUNT_LIMIT = 2n ** 256n;
/** numeric(78,0) holds 78 digits: every stored total is at most this. */
export const NUMERIC_78_MAX = 10n ** 78n - 1n;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why PostgreSQL could not store `s` as text or jsonb, or null: NUL characters and lone UTF-16
 * surrogates (half of an emoji, `"\ud800"` in JSON) are refused by the database.
 */
export function textProblem(s: string): string | null {
  if (s.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(s)) return 'must not contain unpaired surrogates (invalid Unicode)';
  return null;
}

/** True when `n` fits a numeric(78,0) column. */
export const fitsNumeric78 = (n: bigint) => n <= NUMERIC_78_MAX && n >= -NUMERIC_78_MAX;

/**
 * True when the JSON text nests deeper than `maxDepth`, counted on the raw text without recursion
 * (brackets inside strings do not count), so a hostile body is refused before anything walks it.
 */
export function jsonTooDeep(text: string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

export interface JsonProblem {
  message: string;
  path: Array<string | number>;
}

/**
 * Walks parsed JSON without recursion: the first key or string PostgreSQL cannot store (see
 * `textProblem`), or the first point nested deeper than `maxDepth`.
 */
export function inspectJson(value: unknown, maxDepth: number = MAX_JSON_DEPTH): JsonProblem | null {
  const stack: Array<[unknown, Array<string | number>]> = [[value, []]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() ?? [null, []];
    if (typeof current === 'string') {
      const message = textProblem(current);
      if (message) return { message, path };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (path.length >= maxDepth) return { message: 'nested too deep', path: path.slice(0, 1) };
    const entries = Array.isArray(current) ? current.entries() : Object.entries(current);
    for (const [key, child] of entries) {
      const keyProblem = typeof key === 'string' ? textProblem(key) : null;
      if (keyProblem) return { message: `key ${keyProblem}`, path };
      stack.push([child, [...path, key]]);
    }
  }
  return null;
}

/** Text that PostgreSQL can store, of at most `max` characters: the one rule for free-form strings. */
export const storableText = (max: number) =>
  z
    .string()
    .max(max)
    .superRefine((s, ctx) => {
      const message = textProblem(s);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
