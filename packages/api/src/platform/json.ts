import { z } from 'zod';

/** True when a string holds a NUL character, which PostgreSQL cannot store in text or jsonb. */
export const hasNul = (s: string) => s.includes('\u0000');

/** A string refinement for query parameters that reach SQL. */
export const noNul = (s: string) => !hasNul(s);

interface JsonProblem {
  message: string;
  path: Array<string | number>;
}

/**
 * Walks a parsed JSON body without recursion: the first string holding NUL, or the first point nested
 * deeper than `maxDepth`. Recursive schemas would otherwise overflow the stack on a hostile body.
 */
export function inspectJson(value: unknown, maxDepth: number): JsonProblem | null {
  const stack: Array<[unknown, Array<string | number>]> = [[value, []]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() ?? [null, []];
    if (typeof current === 'string') {
      if (hasNul(current)) return { message: 'must not contain NUL characters', path };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (path.length >= maxDepth) return { message: 'nested too deep', path: path.slice(0, 1) };
    const entries = Array.isArray(current) ? current.entries() : Object.entries(current);
    for (const [key, child] of entries) stack.push([child, [...path, key]]);
  }
  return null;
}

/** `schema`, after a check that the body has no NUL characters and nests at most `maxDepth` deep. */
export function storableJson<S extends z.ZodType>(schema: S, maxDepth: number) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const problem = inspectJson(value, maxDepth);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
    })
    .pipe(schema);
}
