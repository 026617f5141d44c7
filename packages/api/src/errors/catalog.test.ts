import { describe, expect, it } from 'vitest';
import { ERROR_TEXT } from './catalog.js';
import { errorCode } from './codes.js';

describe('error catalog', () => {
  it('has an English and a Chinese text for exactly the codes of the enum', () => {
    expect(Object.keys(ERROR_TEXT).sort()).toEqual([...errorCode.options].sort());
    for (const [code, text] of Object.entries(ERROR_TEXT)) {
      expect(text.en, code).not.toBe('');
      expect(text.zh, code).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('spells codes in snake_case except the two the product specification spells in capitals', () => {
    const upper = errorCode.options.filter((c) => !/^[a-z0-9]+(_[a-z0-9]+)*$/.test(c));
    expect(upper.sort()).toEqual(['CUSTOMER_LIMITED', 'REQUIRE_CROSS_SELL']);
  });
});
