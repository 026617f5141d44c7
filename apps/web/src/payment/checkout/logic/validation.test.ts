import { describe, expect, it } from 'vitest';
import { messages } from '../../../app/i18n/resources';
import {
  billingCountry,
  checkEmail,
  checkName,
  fieldRules,
  formPurpose,
  type FieldIssue,
} from './validation';
import { checkPhone, checkPostalCode, normalizePhone } from './formats';

/** The text a field shows for an issue, in English. */
function text(issue: FieldIssue | null): string | null {
  if (!issue) return null;
  return 'message' in issue ? issue.message : messages.en.payment.checkout[issue.key];
}

const REQUIRED = messages.en.payment.checkout.required;
const INVALID = messages.en.payment.checkout.invalid;

describe('checkout field validation (SPEC section 5)', () => {
  it('requires a name and applies a merchant pattern with its localized message', () => {
    expect(text(checkName('  ', undefined, 'en'))).toBe(REQUIRED);
    const rule = { pattern: '^[A-Z]', pattern_message: { en: 'Start with a capital', zh: '首字母大写' } };
    expect(text(checkName('alice', rule, 'en'))).toBe('Start with a capital');
    expect(text(checkName('alice', rule, 'zh'))).toBe('首字母大写');
    expect(text(checkName('alice', { pattern: '^[A-Z]' }, 'en'))).toBe(INVALID);
    expect(checkName('Alice', rule, 'en')).toBeNull();
  });

  it('checks email addresses with the length limits', () => {
    expect(text(checkEmail('', undefined, 'en'))).toBe(REQUIRED);
    expect(text(checkEmail('not-an-email', undefined, 'en'))).toBe(INVALID);
    expect(text(checkEmail('a@b', undefined, 'en'))).toBe(INVALID);
    expect(checkEmail('buyer@example.com', undefined, 'en')).toBeNull();
    expect(text(checkEmail(`${'a'.repeat(65)}@example.com`, undefined, 'en'))).toBe(INVALID);
    expect(text(checkEmail(`a@${'b'.repeat(64)}.com`, undefined, 'en'))).toBe(INVALID);
    expect(text(checkEmail(`a@${'b.'.repeat(126)}com`, undefined, 'en'))).toBe(INVALID);
  });

  it('checks phone numbers for the country and normalises them to international form', () => {
    expect(text(checkPhone('', 'us', undefined, 'en'))).toBe(REQUIRED);
    expect(text(checkPhone('12345', 'us', undefined, 'en'))).toBe(INVALID);
    expect(checkPhone('(213) 373-4253', 'us', undefined, 'en')).toBeNull();
    expect(normalizePhone('(213) 373-4253', 'us')).toBe('+12133734253');
    expect(normalizePhone('138 0013 8000', 'cn')).toBe('+8613800138000');
    expect(normalizePhone('+44 20 7946 0958', 'us')).toBe('+442079460958');
  });

  it("checks postal codes against the country's format, else any known one", () => {
    expect(text(checkPostalCode('', 'us', undefined, 'en'))).toBe(REQUIRED);
    expect(checkPostalCode('94105', 'us', undefined, 'en')).toBeNull();
    expect(text(checkPostalCode('ABCDE', 'us', undefined, 'en'))).toBe(INVALID);
    expect(checkPostalCode('SW1A 1AA', 'gb', undefined, 'en')).toBeNull();
    expect(text(checkPostalCode('1234', 'cn', undefined, 'en'))).toBe(INVALID);
    expect(checkPostalCode('100000', 'cn', undefined, 'en')).toBeNull();
  });

  it('defaults the billing country to us', () => {
    expect(billingCountry(undefined)).toBe('us');
    expect(billingCountry('xyz')).toBe('us');
    expect(billingCountry('CN')).toBe('cn');
  });

  it('reads field rules and the form purpose from metadata.page_info', () => {
    const metadata = {
      page_info: {
        field_validation: { customer_name: { pattern: '^x', pattern_message: { en: 'E' } }, bad: 3 },
        form_purpose_description: { en: 'For the receipt', zh: '用于收据' },
      },
    };
    expect(fieldRules(metadata)).toEqual({ customer_name: { pattern: '^x', pattern_message: { en: 'E' } } });
    expect(formPurpose(metadata, 'zh')).toBe('用于收据');
    expect(formPurpose(metadata, 'fr')).toBe('For the receipt');
    expect(formPurpose({}, 'en')).toBeNull();
  });
});
