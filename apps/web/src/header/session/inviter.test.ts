// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { INVITER_STORAGE_KEY, rememberInviter } from './inviter';

describe('inviter', () => {
  it('stores ?inviter= in local storage and ignores addresses without it', () => {
    localStorage.clear();
    expect(rememberInviter('?a=1', localStorage)).toBeUndefined();
    expect(localStorage.getItem(INVITER_STORAGE_KEY)).toBeNull();
    expect(rememberInviter('?inviter=z1friend', localStorage)).toBe('z1friend');
    expect(localStorage.getItem(INVITER_STORAGE_KEY)).toBe('z1friend');
  });
});
