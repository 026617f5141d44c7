import type { Locale } from '../locale/locale';

export const USER_SERVICE_PREFIX = '/.well-known/service/user';
export const NAVIGATION_ADMIN_PATH = '/.well-known/service/admin/navigation';
export const ANALYTICS_ADMIN_PATH = '/.well-known/service/admin/analytics';
export const NOTIFICATIONS_PATH = `${USER_SERVICE_PREFIX}/notifications`;
export const MAX_USER_MENU_SESSION_ENTRIES = 5;

/** SPEC.md section 2: the avatar with resize parameters. */
export function avatarUrl(did: string, size = 48): string {
  return `${USER_SERVICE_PREFIX}/avatar/${encodeURIComponent(did)}?imageFilter=resize&w=${size}&h=${size}`;
}

/** SPEC.md section 2: the user-centre link, built with locale and did. */
export function profileUrl(did: string, locale: Locale): string {
  const params = new URLSearchParams({ locale, did });
  return `${USER_SERVICE_PREFIX}?${params.toString()}`;
}

/** A notification's page in the centre, filtered by id (toasts open it). */
export function notificationUrl(notification: {
  id: string;
  severity?: string;
  componentDid?: string;
}): string {
  const params = new URLSearchParams({ id: notification.id });
  if (notification.severity) params.set('severity', notification.severity);
  if (notification.componentDid) params.set('componentDid', notification.componentDid);
  return `${NOTIFICATIONS_PATH}?${params.toString()}`;
}
