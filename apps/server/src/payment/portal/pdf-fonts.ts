// Fonts for the invoice PDF. Helvetica (a standard PDF font, nothing embedded) draws Latin-1 text. Text
// with other characters (a Chinese customer or product name) is drawn with Noto Sans SC (its simplified
// Chinese 400 WOFF, 1.5 MB, kept in `assets/fonts` with its SIL Open Font License rather than installing
// the 76 MB `@fontsource/noto-sans-sc` package it comes from); only the glyphs the invoice uses are
// embedded (a subset of a few KB). Characters that font lacks too print as '?'. When the font file
// cannot be read, every non-Latin-1 character prints as '?' and the PDF still renders.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';
import { woffToSfnt } from './woff.js';

export const CJK_FONT_FILE = fileURLToPath(
  new URL('../../../assets/fonts/noto-sans-sc-chinese-simplified-400-normal.woff', import.meta.url),
);

/** True when the standard font can draw `c`: printable Latin-1. */
export const latin1 = (c: string) => c >= ' ' && c.charCodeAt(0) <= 0xff;

interface CjkFont {
  bytes: Uint8Array;
  has(c: string): boolean;
}

let loading: Promise<CjkFont | null> | null = null;

/** The CJK font file and its character set, read once per process; null when it is not installed. */
export function loadCjkFont(file = CJK_FONT_FILE): Promise<CjkFont | null> {
  if (file !== CJK_FONT_FILE) return readCjkFont(file);
  loading ??= readCjkFont(file);
  return loading;
}

async function readCjkFont(file: string): Promise<CjkFont | null> {
  try {
    const bytes = woffToSfnt(await readFile(file));
    const font = fontkit.create(bytes);
    return { bytes, has: (c) => font.hasGlyphForCodePoint(c.codePointAt(0) ?? 0) };
  } catch {
    return null;
  }
}

/** The font a cell is drawn with and the text it draws (characters no font has become '?'). */
export interface FontChoice {
  text: string;
  cjk: boolean;
}

/** Picks the standard font for Latin-1 text, else the CJK font when present. */
export function chooseFont(text: string, cjk: Pick<CjkFont, 'has'> | null): FontChoice {
  const chars = [...text];
  if (chars.every(latin1)) return { text, cjk: false };
  if (!cjk) return { text: chars.map((c) => (latin1(c) ? c : '?')).join(''), cjk: false };
  return { text: chars.map((c) => (c >= ' ' && cjk.has(c) ? c : '?')).join(''), cjk: true };
}

/** Lets `doc` embed a custom font (pdf-lib needs fontkit registered first). */
export function registerFontkit(doc: PDFDocument): void {
  doc.registerFontkit(fontkit);
}
