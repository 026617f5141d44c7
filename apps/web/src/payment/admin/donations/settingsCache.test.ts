import { describe, expect, it } from 'vitest';
import {
  DONATION_SETTINGS_TTL_MS,
  dropCached,
  readCached,
  settingsCacheKey,
  writeCached,
} from './settingsCache';

function memory() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe('settings cache', () => {
  it('keeps one entry per path and livemode', () => {
    expect(settingsCacheKey('/donation-settings/lookup?x=1', false)).not.toBe(
      settingsCacheKey('/donation-settings/lookup?x=1', true),
    );
  });

  it('answers the donation settings for one hour, then asks again', () => {
    const store = memory();
    const key = settingsCacheKey('/p', false);
    writeCached(store, key, { active: true }, 1_000);
    expect(readCached(store, key, DONATION_SETTINGS_TTL_MS, 1_000 + DONATION_SETTINGS_TTL_MS)).toEqual({
      active: true,
    });
    expect(
      readCached(store, key, DONATION_SETTINGS_TTL_MS, 1_001 + DONATION_SETTINGS_TTL_MS),
    ).toBeUndefined();
    dropCached(store, key);
    expect(readCached(store, key, DONATION_SETTINGS_TTL_MS, 1_000)).toBeUndefined();
  });

  it('treats broken JSON as nothing cached', () => {
    const store = memory();
    store.setItem('k', '{');
    expect(readCached(store, 'k', 10)).toBeUndefined();
  });
});
