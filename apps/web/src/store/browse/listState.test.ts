import { describe, expect, it } from 'vitest';
import { listHref, listSearch, readListState } from './listState';

describe('application list state', () => {
  it('reads the address, ignoring values it does not know', () => {
    expect(readListState(new URLSearchParams('q= notes &price=paid&sort=title&page=3'))).toEqual({
      q: 'notes',
      category: '',
      price: 'paid',
      sort: 'title',
      page: 3,
    });
    expect(readListState(new URLSearchParams('price=cheap&sort=x&page=-2'), 'finance')).toEqual({
      q: '',
      category: 'finance',
      price: '',
      sort: '',
      page: 1,
    });
  });

  it('writes /search while there is a query, /category/{name} for a category, else /', () => {
    const base = { q: '', category: '', price: '', sort: '', page: 1 } as const;
    expect(listHref(base)).toBe('/');
    expect(listHref({ ...base, q: '发票', category: 'finance' })).toBe(
      '/search?q=%E5%8F%91%E7%A5%A8&category=finance',
    );
    expect(listHref({ ...base, category: 'developer-tools', price: 'free', page: 2 })).toBe(
      '/category/developer-tools?price=free&page=2',
    );
    expect(listHref({ ...base, sort: 'updated' })).toBe('/?sort=updated');
  });

  it('asks the API for one page of the chosen size', () => {
    const state = { q: 'notes', category: '', price: 'free', sort: '', page: 2 } as const;
    expect(listSearch(state, 10)).toBe('q=notes&price=free&page=2&pageSize=10');
  });
});
