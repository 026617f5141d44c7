// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { EMBED_STORAGE_KEY, isEmbedded } from './embedMode';

beforeEach(() => sessionStorage.clear());

describe('embedded mode', () => {
  it('is off by default and on with ?embed=1, which lasts for the visit', () => {
    expect(isEmbedded('', sessionStorage)).toBe(false);
    expect(isEmbedded('?embed=1', sessionStorage)).toBe(true);
    expect(isEmbedded('', sessionStorage)).toBe(true);
    expect(isEmbedded('?embed=0', sessionStorage)).toBe(false);
  });

  it('reads the session storage flag set by an embedding page', () => {
    sessionStorage.setItem(EMBED_STORAGE_KEY, '1');
    expect(isEmbedded('?x=1', sessionStorage)).toBe(true);
  });
});
