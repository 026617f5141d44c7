import { describe, expect, it } from 'vitest';
import { LIVEMODE_STORAGE_KEY, readLivemode, writeLivemode } from './livemodeStorage';

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe('livemode storage', () => {
  it('defaults to test mode', () => {
    expect(readLivemode(memory())).toBe(false);
    expect(readLivemode(undefined)).toBe(false);
  });

  it('remembers the choice', () => {
    const storage = memory();
    writeLivemode(storage, true);
    expect(storage.getItem(LIVEMODE_STORAGE_KEY)).toBe('true');
    expect(readLivemode(storage)).toBe(true);
    writeLivemode(storage, false);
    expect(readLivemode(storage)).toBe(false);
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readLivemode(broken)).toBe(false);
    expect(() => writeLivemode(broken, true)).not.toThrow();
  });
});
