// Locale-aware rendering of an already cut decimal. Intl.NumberFormat formats the signed integer part
// from a STRING (exact for any size in Node 20 and current browsers); the fractional digits are added
// here, mapped to the locale's digits, because Intl caps fraction digits at 20 and we allow up to 77.

type NumericString = `${number}`;

interface LocaleSymbols {
  integerFormat: Intl.NumberFormat;
  decimal: string;
  digits: readonly string[];
}

// Locales arrive from requests on the server, so the cache is bounded; formatters are cheap to rebuild.
const CACHE_LIMIT = 64;
const cache = new Map<string, LocaleSymbols>();

function symbolsFor(locale: string, grouping: boolean): LocaleSymbols {
  const key = `${locale}\u0000${grouping ? 'g' : 'n'}`;
  const cached = cache.get(key);
  if (cached) return cached;

  const integerFormat = new Intl.NumberFormat(locale, { useGrouping: grouping, maximumFractionDigits: 0 });
  const sample = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const decimal = sample.formatToParts('1.5' as NumericString).find((part) => part.type === 'decimal')?.value;
  const plain = new Intl.NumberFormat(locale, { useGrouping: false });
  const digits = Array.from({ length: 10 }, (_, digit) => plain.format(BigInt(digit)));
  const symbols: LocaleSymbols = { integerFormat, decimal: decimal ?? '.', digits };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, symbols);
  return symbols;
}

/**
 * `whole` and `fraction` are ASCII digit strings; `fraction` may be empty (no decimal separator).
 * The sign is rendered by Intl ("-0" keeps its minus), so locale sign marks and positions are kept.
 */
export function localizeDecimal(
  negative: boolean,
  whole: string,
  fraction: string,
  locale: string,
  grouping: boolean,
): string {
  const { integerFormat, decimal, digits } = symbolsFor(locale, grouping);
  const parts = integerFormat.formatToParts(`${negative ? '-' : ''}${whole}` as NumericString);
  if (fraction === '') return parts.map((part) => part.value).join('');

  const localFraction = Array.from(fraction, (digit) => digits[digit.charCodeAt(0) - 48] ?? digit).join('');
  let lastInteger = -1;
  parts.forEach((part, index) => {
    if (part.type === 'integer' || part.type === 'group') lastInteger = index;
  });
  const before = parts.slice(0, lastInteger + 1).map((part) => part.value);
  const after = parts.slice(lastInteger + 1).map((part) => part.value);
  return [...before, decimal, localFraction, ...after].join('');
}
