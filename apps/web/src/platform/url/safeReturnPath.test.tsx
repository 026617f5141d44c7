// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safeReturnPath';

const origin = 'https://shop.example';

describe('safeReturnPath', () => {
  it.each([
    ['/profile', '/profile'],
    ['/payment/customer?x=1#top', '/payment/customer?x=1#top'],
    ['https://shop.example/a', '/a'],
  ])('keeps the same-origin %s', (raw, expected) => {
    expect(safeReturnPath(raw, origin)).toBe(expected);
  });

  it.each([['https://evil.example/'], ['//evil.example/x'], ['javascript:alert(1)'], [''], [null]])(
    'refuses %s',
    (raw) => {
      expect(safeReturnPath(raw, origin)).toBeUndefined();
    },
  );
});
