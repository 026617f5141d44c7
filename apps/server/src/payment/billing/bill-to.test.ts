import { describe, expect, it } from 'vitest';
import { billTo } from './bill-to.js';

describe('billTo', () => {
  const record = { name: 'Alice Example', email: 'alice@example.com' };
  it('takes the details typed at checkout over the customer record', () => {
    const typed = { name: 'Someone Else', email: 'else@example.com', phone: null, address: null };
    expect(billTo(typed, record)).toEqual({ name: 'Someone Else', email: 'else@example.com' });
  });
  it('falls back to the record field by field, and to nothing', () => {
    const typed = { name: null, email: 'else@example.com', phone: null, address: null };
    expect(billTo(typed, record)).toEqual({ name: 'Alice Example', email: 'else@example.com' });
    expect(billTo(null, record)).toEqual(record);
    expect(billTo(null, null)).toEqual({ name: null, email: null });
  });
});
