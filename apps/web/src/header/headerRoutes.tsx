import type { RouteObject } from 'react-router';
import {
  ANALYTICS_ADMIN_PATH,
  NAVIGATION_ADMIN_PATH,
  NOTIFICATIONS_PATH,
} from '../platform/session/sessionLinks';

/** The platform pages the header links to: the notification centre, the owners' analytics and navigation. */
export function headerRoutes(): RouteObject[] {
  return [
    {
      path: NOTIFICATIONS_PATH,
      lazy: async () => ({
        Component: (await import('./notifications/NotificationCentrePage')).NotificationCentrePage,
      }),
    },
    {
      path: ANALYTICS_ADMIN_PATH,
      lazy: async () => ({ Component: (await import('./analytics/AnalyticsPage')).AnalyticsPage }),
    },
    {
      path: NAVIGATION_ADMIN_PATH,
      lazy: async () => ({
        Component: (await import('./navigation-admin/NavigationEditorPage')).NavigationEditorPage,
      }),
    },
  ];
}
