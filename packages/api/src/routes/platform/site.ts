import { domainSettings, updateDomainBody } from '../../account.js';
import { z } from 'zod';
import { ANALYTICS_PREFIX, pageviewsAnswer, pageviewsQuery } from '../../platform/analytics.js';
import {
  branding,
  navigationAnswer,
  navigationConfig,
  navigationConfigAnswer,
} from '../../platform/navigation.js';
import {
  markReadAnswer,
  markReadBody,
  notification,
  notificationCreate,
  notificationList,
  notificationListQuery,
  NOTIFICATIONS_API_PATH,
  unreadCountAnswer,
} from '../../platform/notifications.js';
import { platformRoute } from './define.js';

/** The navigation and branding every page shows, and its owner/admin editor. */
export const platformNavigationRoutes = {
  navigation: platformRoute({
    method: 'GET',
    path: '/api/navigation',
    access: 'anyone',
    tag: 'Navigation',
    summary: "The navigation items the caller's roles may see, and the branding",
    response: navigationAnswer,
  }),
  branding: platformRoute({
    method: 'GET',
    path: '/api/branding',
    access: 'anyone',
    tag: 'Navigation',
    summary: "The site's name and logos",
    response: branding,
  }),
  config: platformRoute({
    method: 'GET',
    path: '/api/navigation/config',
    access: 'admin',
    tag: 'Navigation',
    summary: 'The stored navigation, unfiltered',
    response: navigationConfigAnswer,
  }),
  update: platformRoute({
    method: 'PUT',
    path: '/api/navigation',
    access: 'admin',
    tag: 'Navigation',
    summary: 'Replace the navigation',
    body: navigationConfig,
    response: navigationConfigAnswer,
  }),
} as const;

/** The caller's notifications, and owners' and admins' notices to any user. */
export const platformNotificationRoutes = {
  list: platformRoute({
    method: 'GET',
    path: NOTIFICATIONS_API_PATH,
    access: 'signedIn',
    tag: 'Notifications',
    summary: "The caller's notifications, filtered and paged",
    query: notificationListQuery,
    response: notificationList,
  }),
  unread: platformRoute({
    method: 'GET',
    path: `${NOTIFICATIONS_API_PATH}/unread-count`,
    access: 'signedIn',
    tag: 'Notifications',
    summary: "The caller's unread count",
    response: unreadCountAnswer,
  }),
  read: platformRoute({
    method: 'PUT',
    path: `${NOTIFICATIONS_API_PATH}/read`,
    access: 'signedIn',
    tag: 'Notifications',
    summary: 'Mark some or all of the caller’s notifications read',
    body: markReadBody,
    response: markReadAnswer,
  }),
  create: platformRoute({
    method: 'POST',
    path: '/api/notifications',
    access: 'admin',
    tag: 'Notifications',
    summary: 'Notify a user',
    body: notificationCreate,
    response: notification,
    status: 201,
  }),
} as const;

/** Owners' and admins' install settings and reports. */
export const platformAdminRoutes = {
  domain: platformRoute({
    method: 'GET',
    path: '/api/host/domain',
    access: 'admin',
    tag: 'Install',
    summary: 'The public address in effect, where it comes from, and the saved one',
    response: domainSettings,
  }),
  setDomain: platformRoute({
    method: 'PUT',
    path: '/api/host/domain',
    access: 'admin',
    tag: 'Install',
    summary: 'Save the public address for the next start (empty to clear it)',
    body: updateDomainBody,
    response: domainSettings,
  }),
  pageviews: platformRoute({
    method: 'GET',
    path: '/api/analytics/pageviews',
    access: 'admin',
    tag: 'Analytics',
    summary: 'Page views per UTC day and the top paths',
    query: pageviewsQuery,
    response: pageviewsAnswer,
  }),
} as const;

/**
 * The analytics beacons: the request itself counts (per UTC day and page path or event name; no
 * cookie, nothing about the visitor); each answers an empty script.
 */
export const platformBeaconRoutes = {
  pageview: platformRoute({
    method: 'GET',
    path: `${ANALYTICS_PREFIX}/pv/*`,
    access: 'anyone',
    tag: 'Analytics',
    summary: 'Count a page view of the page path after `pv/`',
    response: z.unknown(),
    file: 'application/javascript',
  }),
  event: platformRoute({
    method: 'GET',
    path: `${ANALYTICS_PREFIX}/evt/*`,
    access: 'anyone',
    tag: 'Analytics',
    summary: 'Count an event named after `evt/`',
    response: z.unknown(),
    file: 'application/javascript',
  }),
} as const;
