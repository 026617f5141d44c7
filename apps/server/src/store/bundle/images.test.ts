import { describe, expect, it } from 'vitest';
import { sniffImage } from './images.js';

describe('sniffImage', () => {
  it('types PNG, JPEG, GIF and WebP by their bytes and nothing else', () => {
    const b = (...parts: (number[] | string)[]) =>
      Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
    expect(sniffImage(b([0x89], 'PNG\r\n\x1a\n', 'rest'))).toBe('image/png');
    expect(sniffImage(b([0xff, 0xd8, 0xff, 0xe1]))).toBe('image/jpeg');
    expect(sniffImage(b('GIF89a...'))).toBe('image/gif');
    expect(sniffImage(b('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffImage(b('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(sniffImage(b('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(b('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});
