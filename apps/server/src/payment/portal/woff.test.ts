import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { CJK_FONT_FILE } from './pdf-fonts.js';
import { woffToSfnt } from './woff.js';

describe('woffToSfnt', () => {
  it('unpacks the CJK font into a TrueType font with the same glyphs', () => {
    const woff = readFileSync(CJK_FONT_FILE);
    const sfnt = woffToSfnt(woff);
    expect(Buffer.from(sfnt.subarray(0, 4)).toString('hex')).toBe('00010000');
    const before = fontkit.create(Buffer.from(woff));
    const after = fontkit.create(Buffer.from(sfnt));
    expect(after.numGlyphs).toBe(before.numGlyphs);
    const glyph = (font: typeof after) => font.layout('张').glyphs[0];
    expect(glyph(after)?.id).toBe(glyph(before)?.id);
    expect(glyph(after)?.advanceWidth).toBe(glyph(before)?.advanceWidth);
  });

  it('answers bytes that are not WOFF unchanged', () => {
    const bytes = new Uint8Array([0, 1, 0, 0, 1, 2, 3]);
    expect(woffToSfnt(bytes)).toBe(bytes);
  });
});
