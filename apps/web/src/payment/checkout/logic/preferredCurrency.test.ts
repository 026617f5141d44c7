import { describe, expect, it } from 'vitest';
import { deniedStorage, memoryStorage } from '../../../testing/memoryStorage';
import {
  chooseCurrency,
  currencyStorageKey,
  readPreferredCurrency,
  writePreferredCurrency,
} from './preferredCurrency';

describe('preferred currency', () => {
  it('is remembered per user', () => {
    const storage = memoryStorage();
    writePreferredCurrency(storage, 'did:abc', 'pc_eth');
    expect(readPreferredCurrency(storage, 'did:abc')).toBe('pc_eth');
    expect(readPreferredCurrency(storage, 'did:other')).toBeNull();
    expect(currencyStorageKey(undefined)).toMatch(/anonymous$/);
  });

  it('is used only while still available', () => {
    expect(chooseCurrency(['pc_usd', 'pc_eth'], { preferred: 'pc_eth', session: 'pc_usd' })).toBe('pc_eth');
    expect(chooseCurrency(['pc_usd'], { preferred: 'pc_eth', session: 'pc_usd' })).toBe('pc_usd');
  });

  it('prefers the query, then the preference, the session currency, then the first', () => {
    const available = ['pc_a', 'pc_b', 'pc_c'];
    expect(chooseCurrency(available, { query: 'pc_c', preferred: 'pc_b', session: 'pc_a' })).toBe('pc_c');
    expect(chooseCurrency(available, { query: 'pc_x', preferred: null, session: 'pc_b' })).toBe('pc_b');
    expect(chooseCurrency(available, { session: 'pc_x' })).toBe('pc_a');
    expect(chooseCurrency([], { session: 'pc_x' })).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken = deniedStorage();
    expect(readPreferredCurrency(broken, 'did:a')).toBeNull();
    expect(() => writePreferredCurrency(broken, 'did:a', 'pc_a')).not.toThrow();
  });
});
