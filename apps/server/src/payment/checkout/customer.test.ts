import { describe, expect, it } from 'vitest';
import { mergeDetails } from './customer.js';

const saved = {
  name: 'Alice Example',
  email: 'alice@example.com',
  phone: null,
  address: null,
};

describe('mergeDetails', () => {
  it('keeps saved details and only fills what is missing', () => {
    const form = { name: 'Typed', email: 'typed@example.com', phone: '+1 555 0100' };
    expect(mergeDetails(saved, form, false)).toEqual({ phone: '+1 555 0100' });
    expect(mergeDetails({ ...saved, name: '' }, form, false)).toEqual({
      name: 'Typed',
      phone: '+1 555 0100',
    });
  });
  it("writes everything the form has on 'replace'", () => {
    const form = { name: 'Typed', email: 'typed@example.com' };
    expect(mergeDetails(saved, form, true)).toEqual(form);
  });
  it('changes nothing when the form adds nothing new', () => {
    expect(mergeDetails(saved, { name: 'Other', email: 'other@example.com' }, false)).toEqual({});
  });
});
