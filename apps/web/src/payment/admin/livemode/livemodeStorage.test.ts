import { describe, expect, it } from 'vitest';
import { deniedStorage, memoryStorage } from '../../../testing/memoryStorage';
import { LIVEMODE_STORAGE_KEY, readLivemode, writeLivemode } from './livemodeStorage';

describe('livemode storage', () => {
  it('defaults to test mode', () => {
    expect(readLivemode(memoryStorage())).toBe(false);
    expect(readLivemode(undefined)).toBe(false);
  });

  it('remembers the choice', () => {
    const storage = memoryStorage();
    writeLivemode(storage, true);
    expect(storage.getItem(LIVEMODE_STORAGE_KEY)).toBe('true');
    expect(readLivemode(storage)).toBe(true);
    writeLivemode(storage, false);
    expect(readLivemode(storage)).toBe(false);
  });

  it('survives a storage that throws', () => {
    const broken = deniedStorage();
    expect(readLivemode(broken)).toBe(false);
    expect(() => writeLivemode(broken, true)).not.toThrow();
  });
});
