import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { platformIdentityRoutes } from '@payshelf/api';
import { platformCall } from '../../platform/api/platformCall';
import { HEADER_SESSION_QUERY_KEY } from '../../platform/session/useHeaderSession';

/** Ends the session and goes to the site root (SPEC.md section 2). */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void platformCall(platformIdentityRoutes.logout, {})
      .catch(() => undefined)
      .finally(() => {
        queryClient.removeQueries({ queryKey: HEADER_SESSION_QUERY_KEY });
        window.location.assign('/');
      });
  }, [queryClient]);
}
