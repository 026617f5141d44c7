import { useQuery } from '@tanstack/react-query';
import { DEFAULT_APP_CONFIG, fetchAppConfig, type AppConfig } from './appConfig';

export const APP_CONFIG_QUERY_KEY = ['platform', 'app-config'] as const;

/**
 * The runtime configuration, or undefined while it loads. It is read once per visit (the routes are
 * built from it). If it cannot be loaded the defaults apply, so the store and checkout stay usable.
 */
export function useAppConfig(): AppConfig | undefined {
  const query = useQuery({
    queryKey: APP_CONFIG_QUERY_KEY,
    queryFn: ({ signal }) => fetchAppConfig(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
  if (query.isError) return DEFAULT_APP_CONFIG;
  return query.data;
}
