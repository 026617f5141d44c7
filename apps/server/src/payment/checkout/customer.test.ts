import { describe, expect, it } from 'vitest';
import { mergeDetails } from './customer.js';

const saved = {
  name: 'Alice Example',
  email: 'alice@example.com',
  phone: null,
  address: null,
};

describe('mergeDetails', () => {
  it('leaves a saved customer as it is unless asked, whatever the form says', () => {
    const form = { name: 'Typed', email: 'typed@example.com', phone: '+1 555 0100' };
    expect(mergeDetails(saved, form, false)).toEqual({});
    expect(mergeDetails({ ...saved, name: '' }, form, false)).toEqual({});
  });
  it("writes everything the form has on 'replace' (Save these details to my account)", () => {
    const form = { name: 'Typed', email: 'typed@example.com' };
    expect(mergeDetails(saved, form, true)).toEqual(form);
  });
  it('gives a customer with no details yet (made for this checkout) the typed ones', () => {
    const form = { name: 'Typed', email: 'typed@example.com', phone: '+1 555 0100' };
    const fresh = { name: null, email: null, phone: null, address: null };
    expect(mergeDetails(fresh, form, false)).toEqual(form);
  });
});
