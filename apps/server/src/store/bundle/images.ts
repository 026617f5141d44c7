// Images in a bundle are recognised by their bytes, never by their file name, so the store serves them
// with a content type that matches what they are. SVG is refused outright: it can carry scripts, event
// handlers and external references, and a raster logo loses nothing a store card needs.

export type ImageContentType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

const startsWith = (b: Buffer, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The content type of a PNG, JPEG, WebP or GIF image by its magic bytes, else null. */
export function sniffImage(b: Buffer): ImageContentType | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}
