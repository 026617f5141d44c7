// CSV for exports (RFC 4180): every cell quoted when it holds a comma, quote, CR or LF, quotes
// doubled, CRLF line ends. A spreadsheet runs a cell starting with =, +, -, @, tab or CR as a
// formula, so such a text cell gets a leading apostrophe (the OWASP "CSV injection" guard).

export type CsvCell = string | number | bigint | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: empty for null, a formula-looking text defused, quoted when needed. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of cells, ended by CRLF. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A base-unit amount as a decimal string with the currency's decimals ("1.5" for 1500000, 6). */
export function unitsText(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const scale = 10n ** BigInt(decimals);
  const whole = abs / scale;
  const frac = decimals > 0 ? (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${whole.toString()}${frac ? `.${frac}` : ''}`;
}
