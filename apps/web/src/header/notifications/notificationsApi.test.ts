import { describe, expect, it } from 'vitest';
import { filtersFromSearch, listQuery } from './notificationsApi';

describe('notification centre filters', () => {
  it('defaults severity and componentDid to all and reads read=true/false', () => {
    expect(filtersFromSearch(new URLSearchParams(''))).toEqual({
      id: undefined,
      severity: 'all',
      componentDid: 'all',
      read: undefined,
    });
    expect(filtersFromSearch(new URLSearchParams('read=false&componentDid=system&id=n1')).read).toBe(false);
    expect(filtersFromSearch(new URLSearchParams('read=maybe')).read).toBeUndefined();
  });

  it('turns filters into the list query', () => {
    expect(listQuery({ severity: 'error', componentDid: 'system', read: true, id: 'n1' }, 2, 10)).toBe(
      'severity=error&componentDid=system&page=2&pageSize=10&id=n1&read=true',
    );
  });
});
