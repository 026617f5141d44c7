// SPEC.md section 5: the checkout form's field rules. Each check answers null (valid) or an issue:
// a translation key of payment.checkout (required, invalid) or a merchant's localized message.
// Phone and postal code checks need large libraries and live in ./formats, loaded when a phone or
// address field shows (./loadFormats).

export type FieldIssue = { key: 'required' | 'invalid' } | { message: string };

/** metadata.page_info.field_validation[field]: a pattern and its message per locale. */
export interface FieldRule {
  pattern?: string;
  pattern_message?: Record<string, string>;
}

export const DEFAULT_COUNTRY = 'us';

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** Reads the merchant's per-field rules from the session metadata (unknown shapes are ignored). */
export function fieldRules(metadata: unknown): Record<string, FieldRule> {
  const rules = record(record(record(metadata)?.page_info)?.field_validation);
  const out: Record<string, FieldRule> = {};
  for (const [field, raw] of Object.entries(rules ?? {})) {
    const rule = record(raw);
    if (!rule) continue;
    const messages = record(rule.pattern_message);
    out[field] = {
      pattern: typeof rule.pattern === 'string' ? rule.pattern : undefined,
      pattern_message: messages
        ? Object.fromEntries(
            Object.entries(messages).filter((e): e is [string, string] => typeof e[1] === 'string'),
          )
        : undefined,
    };
  }
  return out;
}

/** The form purpose description in the locale (en fallback), or null. */
export function formPurpose(metadata: unknown, locale: string): string | null {
  const value = record(record(metadata)?.page_info)?.form_purpose_description;
  if (typeof value === 'string') return value || null;
  const texts = record(value);
  const text = texts?.[locale] ?? texts?.en;
  return typeof text === 'string' && text !== '' ? text : null;
}

/** A merchant pattern: its localized message (en fallback) when it does not match, else invalid. */
export function patternIssue(value: string, rule: FieldRule | undefined, locale: string): FieldIssue | null {
  if (!rule?.pattern) return null;
  let regex: RegExp;
  try {
    regex = new RegExp(rule.pattern);
  } catch {
    return null;
  }
  if (regex.test(value)) return null;
  const message = rule.pattern_message?.[locale] ?? rule.pattern_message?.en;
  return message ? { message } : { key: 'invalid' };
}

export function checkName(value: string, rule: FieldRule | undefined, locale: string): FieldIssue | null {
  if (value.trim() === '') return { key: 'required' };
  return patternIssue(value.trim(), rule, locale);
}

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** At most 254 characters, a local part of at most 64, domain labels of at most 63 and a dot. */
export function isEmail(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  if (local.length > 64 || !LOCAL_PART.test(local) || labels.length < 2) return false;
  return labels.every((label) => label.length <= 63 && DOMAIN_LABEL.test(label));
}

export function checkEmail(value: string, rule: FieldRule | undefined, locale: string): FieldIssue | null {
  const text = value.trim();
  if (text === '') return { key: 'required' };
  if (!isEmail(text)) return { key: 'invalid' };
  return patternIssue(text, rule, locale);
}

/** A required address line (line1, city, state) with its optional merchant pattern. */
export function checkRequired(value: string, rule: FieldRule | undefined, locale: string): FieldIssue | null {
  if (value.trim() === '') return { key: 'required' };
  return patternIssue(value.trim(), rule, locale);
}

/** Default billing country: the given one when it is a two-letter code, else us. */
export function billingCountry(country: string | null | undefined): string {
  return country && /^[a-z]{2}$/i.test(country) ? country.toLowerCase() : DEFAULT_COUNTRY;
}
