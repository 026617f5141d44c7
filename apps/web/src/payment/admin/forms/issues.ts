import { AmountPrecisionError, tryParseAmount } from '@payshelf/money';
import type { z } from 'zod';

/** Translation keys under payment.admin.validation. */
export type ValidationKey =
  | 'required'
  | 'tooShort'
  | 'tooLong'
  | 'tooSmall'
  | 'tooBig'
  | 'tooFew'
  | 'tooMany'
  | 'email'
  | 'url'
  | 'invalid'
  | 'amount'
  | 'precision'
  | 'integer';

/** A validation problem of one form field, named by its dotted path (the server's `param` form). */
export interface FieldIssue {
  path: string;
  key: ValidationKey;
  values?: Record<string, string | number>;
}

type Bound = string | number | bigint;
const num = (v: Bound) => (typeof v === 'bigint' ? v.toString() : v);

function keyOf(issue: z.core.$ZodIssue): Pick<FieldIssue, 'key' | 'values'> {
  switch (issue.code) {
    case 'invalid_type':
      return { key: 'required' };
    case 'too_small':
      if (issue.origin === 'string')
        return issue.minimum === 1
          ? { key: 'required' }
          : { key: 'tooShort', values: { min: num(issue.minimum) } };
      if (issue.origin === 'array') return { key: 'tooFew', values: { min: num(issue.minimum) } };
      return { key: 'tooSmall', values: { min: num(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { key: 'tooLong', values: { max: num(issue.maximum) } };
      if (issue.origin === 'array') return { key: 'tooMany', values: { max: num(issue.maximum) } };
      return { key: 'tooBig', values: { max: num(issue.maximum) } };
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'email' };
      if (issue.format === 'url') return { key: 'url' };
      return { key: 'invalid' };
    default:
      return { key: 'invalid' };
  }
}

/** The schema's complaints as field issues (first one per field). */
export function zodIssues(error: z.ZodError): FieldIssue[] {
  const seen = new Set<string>();
  const out: FieldIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, ...keyOf(issue) });
  }
  return out;
}

export interface CurrencyDigits {
  decimal: number;
  maximum_precision: number;
}

/**
 * A human amount ("12.5") as the smallest-unit string the API takes, or undefined when empty.
 * Bad input adds an issue at `path` (precision: "at most {precision} decimal places").
 */
export function amountField(
  text: string,
  currency: CurrencyDigits | undefined,
  path: string,
  issues: FieldIssue[],
): string | undefined {
  if (text.trim() === '') return undefined;
  if (!currency) return undefined;
  const parsed = tryParseAmount(text, currency.decimal, currency.maximum_precision);
  if (parsed.ok) return parsed.units.toString();
  if (parsed.error instanceof AmountPrecisionError) {
    issues.push({ path, key: 'precision', values: { precision: parsed.error.precision } });
  } else {
    issues.push({ path, key: 'amount' });
  }
  return undefined;
}

/** A whole number field: undefined when empty; a non-integer adds an issue. */
export function integerField(text: string, path: string, issues: FieldIssue[]): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^\d{1,15}$/.test(trimmed)) {
    issues.push({ path, key: 'integer' });
    return undefined;
  }
  return Number(trimmed);
}

/** Optional text: trimmed, and undefined when empty. */
export function textField(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}
