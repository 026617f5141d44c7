import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, unitsText } from './csv.js';

describe('csv export cells', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
  });

  it('leaves numbers alone and writes null as empty', () => {
    expect(csvCell(-5n)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', null, 3])).toBe('a,,3\r\n');
  });

  it('writes base units with the currency decimals', () => {
    expect(unitsText(1_500_000n, 6)).toBe('1.5');
    expect(unitsText(10n ** 18n, 18)).toBe('1');
    expect(unitsText(-1n, 2)).toBe('-0.01');
    expect(unitsText(42n, 0)).toBe('42');
  });
});
