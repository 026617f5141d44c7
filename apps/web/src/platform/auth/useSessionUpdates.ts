import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectUserSocket, socketUrl } from '../realtime/userSocket';
import { HEADER_SESSION_QUERY_KEY, useHeaderSession } from '../session/useHeaderSession';

/** The relay socket; the server tells `identity:user:{did}` when that user's passports change. */
export const RELAY_SOCKET_PATH = '/.well-known/service/relay/websocket';

/**
 * Reloads the session (and everything cached for the old role) when an owner or admin grants or
 * revokes one of the signed-in user's passports, so menus and guards follow without a reload.
 */
export function useSessionUpdates(): void {
  const { user } = useHeaderSession();
  const queryClient = useQueryClient();
  const did = user?.did;
  useEffect(() => {
    if (!did || typeof WebSocket === 'undefined') return;
    return connectUserSocket({
      url: socketUrl(window.location, RELAY_SOCKET_PATH),
      topic: `identity:user:${did}`,
      onEvent: (event) => {
        if (event.event === 'session.changed')
          void queryClient.invalidateQueries({ queryKey: HEADER_SESSION_QUERY_KEY });
      },
    });
  }, [did, queryClient]);
}
