// A reproducible ustar writer: the same files give the same bytes on any run. Every header has
// uid/gid 0, empty owner names, mtime 0 and mode 644 (755 for executables); paths are sorted by the
// caller. Only regular files are written, which is all a bundle holds.
import { usageError } from './errors.js';

export interface TarFile {
  /** Relative POSIX path inside the archive. */
  path: string;
  data: Buffer;
  executable?: boolean;
}

const BLOCK = 512;

/** Splits a path into ustar's prefix (≤155 bytes) and name (≤100 bytes) fields. */
function splitPath(p: string): { prefix: string; name: string } {
  if (Buffer.byteLength(p) <= 100) return { prefix: '', name: p };
  for (let i = p.indexOf('/'); i !== -1; i = p.indexOf('/', i + 1)) {
    const prefix = p.slice(0, i);
    const name = p.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return { prefix, name };
  }
  throw usageError(`Path too long for a bundle (ustar allows 100 bytes per name, 155 per folder): ${p}`);
}

function header(file: TarFile): Buffer {
  const b = Buffer.alloc(BLOCK);
  const put = (s: string, at: number, len: number) => b.write(s, at, len, 'utf8');
  const octal = (n: number, at: number, len: number) =>
    put(`${n.toString(8).padStart(len - 1, '0')}\0`, at, len);
  const { prefix, name } = splitPath(file.path);
  put(name, 0, 100);
  octal(file.executable ? 0o755 : 0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(file.data.length, 124, 12);
  octal(0, 136, 12);
  put('        ', 148, 8);
  put('0', 156, 1);
  put('ustar\u000000', 257, 8);
  put(prefix, 345, 155);
  let sum = 0;
  for (const byte of b) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return b;
}

/** The tar archive of `files`, in the given order, ended by two zero blocks. */
export function tarFiles(files: TarFile[]): Buffer {
  const parts: Buffer[] = [];
  for (const f of files) {
    if (f.data.length > 0o77777777777) throw usageError(`File too large for a bundle: ${f.path}`);
    parts.push(header(f), f.data, Buffer.alloc((BLOCK - (f.data.length % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}
