import { z } from 'zod';
import { inspectJson } from '../bounds.js';

/** True when a string holds a NUL character, which PostgreSQL cannot store in text or jsonb. */
export const hasNul = (s: string) => s.includes('\u0000');

/** A string refinement for query parameters that reach SQL. */
export const noNul = (s: string) => !hasNul(s);

/** `schema`, after a check that the body has only storable text (see `textProblem`) and nests at most `maxDepth` deep. */
export function storableJson<S extends z.ZodType>(schema: S, maxDepth: number) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const problem = inspectJson(value, maxDepth);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
    })
    .pipe(schema);
}
