import type { OwnedBlocklet } from '@payshelf/api';
import { describe, expect, it } from 'vitest';
import { consoleRows, pageRows } from './consoleList';

const app = (name: string, review_status: OwnedBlocklet['review_status'], owner = 'Alice'): OwnedBlocklet =>
  ({
    did: `z${name}`,
    name,
    title: name.toUpperCase(),
    owner: { did: `zowner${owner}`, fullName: owner },
    review_status,
  }) as OwnedBlocklet;

describe('the console list', () => {
  const list = [app('a', null), app('b', 'in_review'), app('c', 'pending_review', 'Bob'), app('d', 'draft')];

  it('puts pending reviews first, then those in review, the rest in server order', () => {
    expect(consoleRows(list, '').map((b) => b.name)).toEqual(['c', 'b', 'a', 'd']);
  });

  it('searches title, name, DID and owner in any case', () => {
    expect(consoleRows(list, 'bob').map((b) => b.name)).toEqual(['c']);
    expect(consoleRows(list, ' D ').map((b) => b.name)).toEqual(['d']);
    expect(consoleRows(list, 'nothing')).toEqual([]);
  });

  it('pages, and clamps a page past the end to the last one', () => {
    expect(pageRows([1, 2, 3, 4, 5, 6], 1, 5)).toEqual({ rows: [6], page: 1 });
    expect(pageRows([1, 2, 3], 4, 2)).toEqual({ rows: [3], page: 1 });
    expect(pageRows([], 2, 10)).toEqual({ rows: [], page: 0 });
  });
});
