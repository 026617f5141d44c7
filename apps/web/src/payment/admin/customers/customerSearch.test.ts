import { describe, expect, it } from 'vitest';
import { customerSearch } from './customerSearch';

describe('customer search', () => {
  it('asks the server for an email or a DID', () => {
    expect(customerSearch(' ann@example.com ')).toEqual({ email: 'ann@example.com', local: '' });
    expect(customerSearch('did:abt:z1abcdefghijkmnopqrstuvwxyz')).toEqual({
      did: 'z1abcdefghijkmnopqrstuvwxyz',
      local: '',
    });
  });

  it('filters the page for other text', () => {
    expect(customerSearch('Ann')).toEqual({ local: 'Ann' });
    expect(customerSearch('')).toEqual({ local: '' });
  });
});
