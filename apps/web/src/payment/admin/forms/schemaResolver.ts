import { set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { zodIssues, type FieldIssue } from './issues';

/** Form values to the API body; problems found on the way (amount formats) go into `issues`. */
export type ToPayload<V> = (values: V, issues: FieldIssue[]) => unknown;

/** react-hook-form errors from field issues, each at its dotted path. */
export function fieldErrors<V extends FieldValues>(
  issues: readonly FieldIssue[],
  describe: (issue: FieldIssue) => string,
): FieldErrors<V> {
  const errors: FieldErrors<V> = {};
  for (const issue of issues) {
    set(errors, issue.path || 'root.schema', { type: issue.key, message: describe(issue) });
  }
  return errors;
}

/**
 * Validates a form with the server's own zod schema: the values are turned into the request body,
 * which must then pass `schema`. The submit handler receives that body.
 */
export function schemaResolver<V extends FieldValues, S extends z.ZodType>(
  schema: S,
  toPayload: ToPayload<V>,
  describe: (issue: FieldIssue) => string,
): Resolver<V, unknown, z.output<S>> {
  return (values) => {
    const issues: FieldIssue[] = [];
    const payload = toPayload(values, issues);
    const parsed = schema.safeParse(payload);
    if (!parsed.success)
      issues.push(...zodIssues(parsed.error).filter((i) => !issues.some((j) => j.path === i.path)));
    if (issues.length > 0 || !parsed.success) return { values: {}, errors: fieldErrors<V>(issues, describe) };
    return { values: parsed.data, errors: {} };
  };
}
