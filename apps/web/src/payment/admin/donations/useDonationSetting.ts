import { adminViewRoutes, callRoute, type SettingRecord } from '@payshelf/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBase } from '../api/client';
import {
  DONATION_SETTINGS_TTL_MS,
  dropCached,
  readCached,
  sessionStore,
  settingsCacheKey,
  writeCached,
} from './settingsCache';

const { donationSetting } = adminViewRoutes;

/**
 * The donation setting record of a mount location (a donation link's id), cached in session storage per
 * path and livemode for one hour. `refresh` drops the cache after a change.
 */
export function useDonationSetting(mountPoint: string, mountLocation: string | undefined, livemode: boolean) {
  const client = useQueryClient();
  const path = `${donationSetting.path}?mount_location=${mountLocation ?? ''}`;
  const cacheKey = settingsCacheKey(path, livemode);
  const queryKey = ['donation-setting', mountLocation, livemode];
  const query = useQuery({
    queryKey,
    enabled: mountLocation !== undefined,
    queryFn: async ({ signal }): Promise<SettingRecord | null> => {
      const cached = readCached<SettingRecord | null>(sessionStore(), cacheKey, DONATION_SETTINGS_TTL_MS);
      if (cached !== undefined) return cached;
      const answer = await callRoute(
        donationSetting,
        { query: { mount_location: mountLocation } },
        { base: apiBase(mountPoint), query: { livemode }, signal },
      );
      writeCached(sessionStore(), cacheKey, answer);
      return answer;
    },
  });
  const refresh = async () => {
    dropCached(sessionStore(), cacheKey);
    await client.invalidateQueries({ queryKey });
  };
  return { ...query, refresh };
}
