import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import { trackSocket } from '../progress/requestTracker';
import { parseNotification, parseReadEvent } from './notificationModel';
import { fetchUnreadCount } from './notificationsApi';
import { unreadReducer } from './unreadCount';
import { useNotificationToast } from './useNotificationToast';
import { connectUserSocket, socketUrl, type SocketEvent } from '../../platform/realtime/userSocket';

export const NOTIFICATIONS_QUERY_KEY = ['platform', 'notifications'] as const;

/**
 * The live unread count of the signed-in user: loaded once (and after every reconnect), then kept up
 * to date from the user websocket. New notifications may also toast.
 */
export function useUnreadNotifications(did: string | undefined): number {
  const [count, dispatch] = useReducer(unreadReducer, 0);
  const queryClient = useQueryClient();
  const toast = useNotificationToast();
  const toastRef = useRef(toast);
  useEffect(() => {
    toastRef.current = toast;
  }, [toast]);

  useEffect(() => {
    if (!did) {
      dispatch({ type: 'reset' });
      return;
    }
    const controller = new AbortController();
    const reload = () => {
      fetchUnreadCount(controller.signal).then(
        (unread) => dispatch({ type: 'loaded', count: unread }),
        () => undefined,
      );
    };
    const onEvent = (event: SocketEvent) => {
      if (event.event === 'notification.create') {
        const notification = parseNotification(event.data);
        dispatch({ type: 'created', receiver: notification?.receiver, currentUser: did });
        if (notification && (notification.receiver ?? did) === did) toastRef.current(notification);
      } else if (event.event === 'notification.read') {
        dispatch({ type: 'read', ...parseReadEvent(event.data), currentUser: did });
      } else {
        return;
      }
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    };
    reload();
    const stop = connectUserSocket({
      url: socketUrl(window.location),
      topic: `user:${did}`,
      onEvent,
      onOpen: reload,
      createSocket: (url) => trackSocket(new WebSocket(url)),
    });
    return () => {
      controller.abort();
      stop();
    };
  }, [did, queryClient]);

  return count;
}
