import { gzipSync } from 'node:zlib';

export interface TarEntry {
  name: string;
  content: Buffer | string;
}

function field(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value.slice(0, length), offset, length, 'utf8');
}

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

/**
 * A gzipped POSIX ustar archive of regular files (mode 644, mtime 0), enough to build store bundles
 * for the demo data and tests without a tar dependency. Names must be relative and at most 100 bytes.
 */
export function tgz(entries: readonly TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const content = typeof entry.content === 'string' ? Buffer.from(entry.content) : entry.content;
    if (Buffer.byteLength(entry.name) > 100) throw new Error(`tar name too long: ${entry.name}`);
    const header = Buffer.alloc(512);
    field(header, 0, 100, entry.name);
    field(header, 100, 8, '0000644\0');
    field(header, 108, 8, '0000000\0');
    field(header, 116, 8, '0000000\0');
    field(header, 124, 12, octal(content.length, 12));
    field(header, 136, 12, octal(0, 12));
    field(header, 148, 8, '        ');
    field(header, 156, 1, '0');
    field(header, 257, 6, 'ustar\0');
    field(header, 263, 2, '00');
    let sum = 0;
    for (const byte of header) sum += byte;
    field(header, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
    blocks.push(header, content, Buffer.alloc((512 - (content.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}
