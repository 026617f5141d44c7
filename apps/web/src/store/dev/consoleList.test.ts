import { describe, expect, it } from 'vitest';
import { consoleSearch } from './consoleList';

describe('the console list query', () => {
  it('asks the server for one page (counted from 1), with the filter and the trimmed search', () => {
    expect(consoleSearch({ filter: 'review', q: ' Bob ', page: 0, pageSize: 10 })).toBe(
      'filter=review&q=Bob&page=1&pageSize=10',
    );
    expect(consoleSearch({ filter: 'all', q: '', page: 20, pageSize: 50 })).toBe(
      'filter=all&page=21&pageSize=50',
    );
  });
});
