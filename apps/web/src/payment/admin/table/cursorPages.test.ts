import { describe, expect, it } from 'vitest';
import { advance, cursorOf, FIRST_PAGE, matchesSearch, pageCount, PAGE_SIZE_OPTIONS } from './cursorPages';

describe('cursor pages', () => {
  it('starts without a cursor and records the last id of each page left', () => {
    expect(cursorOf(FIRST_PAGE, 0)).toBeUndefined();
    const two = advance(FIRST_PAGE, 0, 'prod_a');
    const three = advance(two, 1, 'prod_b');
    expect(three).toEqual([undefined, 'prod_a', 'prod_b']);
    expect(cursorOf(three, 2)).toBe('prod_b');
  });

  it('forgets later cursors when moving forward again from an earlier page', () => {
    expect(advance([undefined, 'a', 'b'], 0, 'c')).toEqual([undefined, 'c']);
  });

  it('reports "more than" while more rows follow, and the exact count on the last page', () => {
    expect(pageCount(0, 10, 10, true)).toBe(-1);
    expect(pageCount(2, 10, 3, false)).toBe(23);
    expect(pageCount(0, 5, 0, false)).toBe(0);
  });

  it('offers the page sizes of SPEC section 9', () => {
    expect(PAGE_SIZE_OPTIONS).toEqual([5, 10, 20, 50, 100]);
  });

  it('matches a search text case-insensitively against any field', () => {
    expect(matchesSearch('', ['x'])).toBe(true);
    expect(matchesSearch('  gold ', ['Gold plan', null])).toBe(true);
    expect(matchesSearch('prod_1', [undefined, 'prod_123'])).toBe(true);
    expect(matchesSearch('silver', ['Gold plan'])).toBe(false);
  });
});
