import { describe, expect, it } from 'vitest';
import { avatarSize, identiconSvg } from './identicon.js';

describe('identicon', () => {
  it('is deterministic per DID and differs between DIDs', () => {
    expect(identiconSvg('z1abc', 48)).toBe(identiconSvg('z1abc', 48));
    expect(identiconSvg('z1abc', 48)).not.toBe(identiconSvg('z1abd', 48));
  });

  it('is a mirrored SVG of the requested size', () => {
    const svg = identiconSvg('z1abc', 64);
    expect(svg).toMatch(/^<svg [^>]*width="64" height="64"/);
    const xs = [...svg.matchAll(/<rect x="(\d)" y="(\d)" width="1"/g)].map((m) => `${m[1]},${m[2]}`);
    for (const cell of xs) {
      const [x, y] = cell.split(',').map(Number);
      expect(xs).toContain(`${6 - (x ?? 0)},${y}`);
    }
  });

  it('bounds the resize parameters', () => {
    expect(avatarSize({ imageFilter: 'resize', w: '48', h: '48' })).toBe(48);
    expect(avatarSize({ w: '100000' })).toBe(80);
    expect(avatarSize({ w: 'abc' })).toBe(80);
    expect(avatarSize(undefined)).toBe(80);
  });
});
