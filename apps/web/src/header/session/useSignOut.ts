import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { HEADER_SESSION_QUERY_KEY, SESSION_URL } from '../../platform/session/useHeaderSession';

/** Ends the session and goes to the site root (SPEC.md section 2). */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void fetch(`${SESSION_URL}/logout`, { method: 'POST' })
      .catch(() => undefined)
      .finally(() => {
        queryClient.removeQueries({ queryKey: HEADER_SESSION_QUERY_KEY });
        window.location.assign('/');
      });
  }, [queryClient]);
}
