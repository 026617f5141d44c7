// The checkout form's phone and postal code rules (SPEC.md section 5) and the country list. They need
// libphonenumber-js and postcode-validator (about 35 KB compressed), so this module is loaded only when
// a phone or address field shows (./loadFormats); the rest of the rules are in ./validation.
import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { patternIssue, type FieldIssue, type FieldRule } from './validation';

export interface Country {
  code: string;
  name: string;
  dial: string;
}

/** Every country, names in `locale`, with its dialling code, sorted by name. */
export function countryList(locale: string): Country[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  return getCountries()
    .map((code) => ({
      code: code.toLowerCase(),
      name: names?.of(code) ?? code,
      dial: `+${getCountryCallingCode(code)}`,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** The number in international (E.164) form, or null when it is not a valid number for the country. */
export function normalizePhone(value: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(value.trim(), country.toUpperCase() as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}

export function checkPhone(
  value: string,
  country: string,
  rule: FieldRule | undefined,
  locale: string,
): FieldIssue | null {
  if (value.trim() === '') return { key: 'required' };
  if (!normalizePhone(value, country)) return { key: 'invalid' };
  return patternIssue(value.trim(), rule, locale);
}

/** The country's own postal format when known, otherwise any known format; empty passes. */
export function isPostalCode(value: string, country: string): boolean {
  const text = value.trim();
  if (text === '') return true;
  const code = country.toUpperCase();
  return postcodeValidator(text, postcodeValidatorExistsForCountry(code) ? code : 'INTL');
}

export function checkPostalCode(
  value: string,
  country: string,
  rule: FieldRule | undefined,
  locale: string,
): FieldIssue | null {
  if (value.trim() === '') return { key: 'required' };
  if (!isPostalCode(value, country)) return { key: 'invalid' };
  return patternIssue(value.trim(), rule, locale);
}
