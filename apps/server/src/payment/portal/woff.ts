// WOFF 1.0 to plain SFNT (TrueType/OpenType) bytes. fontkit reads WOFF directly but inflates a table
// again (in JavaScript) each time it reads from it, so subsetting a CJK font glyph by glyph took seconds;
// unpacking once with zlib makes every later read a plain slice.
import { inflateSync } from 'node:zlib';

const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

const align4 = (n: number) => (n + 3) & ~3;

/** The SFNT font inside a WOFF file; anything that is not WOFF is answered unchanged. */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const src = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (src.length < WOFF_HEADER || src.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const flavor = src.readUInt32BE(4);
  const numTables = src.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = WOFF_HEADER + i * WOFF_ENTRY;
    const offset = src.readUInt32BE(at + 4);
    const compLength = src.readUInt32BE(at + 8);
    const origLength = src.readUInt32BE(at + 12);
    const raw = src.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw) : raw;
    if (data.length !== origLength) throw new Error('WOFF table has the wrong length');
    return { tag: src.subarray(at, at + 4), checksum: src.readUInt32BE(at + 16), data };
  });
  const headerSize = SFNT_HEADER + numTables * SFNT_ENTRY;
  const out = Buffer.alloc(headerSize + tables.reduce((sum, t) => sum + align4(t.data.length), 0));
  let power = 1;
  while (power * 2 <= numTables) power *= 2;
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerSize;
  tables.forEach((table, i) => {
    const at = SFNT_HEADER + i * SFNT_ENTRY;
    table.tag.copy(out, at);
    out.writeUInt32BE(table.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(out, offset);
    offset += align4(table.data.length);
  });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
