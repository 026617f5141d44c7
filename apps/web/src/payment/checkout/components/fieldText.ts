import type { TFunction } from 'i18next';
import type { FieldIssue } from '../logic/validation';

/** The text of a field issue: payment.checkout.required / invalid, or the merchant's own message. */
export function issueText(issue: FieldIssue | null, t: TFunction): true | string {
  if (!issue) return true;
  return 'message' in issue ? issue.message : t(`payment.checkout.${issue.key}`);
}

/**
 * Label props of a registered (uncontrolled) field: a value filled in by `reset` (prefill from the
 * customer) sets the input without an event MUI sees, so the label is told to stay above it.
 */
export function labelFor(value: unknown): { shrink?: true } {
  return typeof value === 'string' && value !== '' ? { shrink: true } : {};
}
