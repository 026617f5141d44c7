import { parseNotification, type AppNotification } from './notificationModel';

export const NOTIFICATIONS_API_PATH = '/.well-known/service/api/user/notifications';

/** The notification centre's filters (SPEC.md section 2). */
export interface NotificationFilters {
  id?: string;
  /** `all` (default) or one severity. */
  severity: string;
  /** `all` (default), `system`, or one component's DID. */
  componentDid: string;
  read?: boolean;
}

export interface NotificationPage {
  list: AppNotification[];
  count: number;
  unreadCount: number;
}

/** Reads the filters from the page's query; unknown values fall back to the defaults. */
export function filtersFromSearch(search: URLSearchParams): NotificationFilters {
  const read = search.get('read');
  return {
    id: search.get('id') || undefined,
    severity: search.get('severity') || 'all',
    componentDid: search.get('componentDid') || 'all',
    read: read === 'true' ? true : read === 'false' ? false : undefined,
  };
}

export function listQuery(filters: NotificationFilters, page: number, pageSize: number): string {
  const params = new URLSearchParams({
    severity: filters.severity,
    componentDid: filters.componentDid,
    page: String(page),
    pageSize: String(pageSize),
  });
  if (filters.id) params.set('id', filters.id);
  if (filters.read !== undefined) params.set('read', String(filters.read));
  return params.toString();
}

async function json(response: Response): Promise<Record<string, unknown>> {
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const message =
      typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
        ? body.message
        : `HTTP ${response.status}`;
    throw new Error(message);
  }
  const body: unknown = await response.json();
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

export async function fetchNotifications(
  filters: NotificationFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const body = await json(
    await fetch(`${NOTIFICATIONS_API_PATH}?${listQuery(filters, page, pageSize)}`, { signal }),
  );
  const list = (Array.isArray(body.list) ? body.list : []).flatMap((raw) => parseNotification(raw) ?? []);
  return { list, count: numberOr(body.count, list.length), unreadCount: numberOr(body.unreadCount, 0) };
}

export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  const body = await json(await fetch(`${NOTIFICATIONS_API_PATH}/unread-count`, { signal }));
  return numberOr(body.unreadCount, 0);
}

/** Marks some notifications (or all of them) read; answers how many changed. */
export async function markRead(target: { ids: string[] } | { all: true }): Promise<number> {
  const response = await fetch(`${NOTIFICATIONS_API_PATH}/read`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(target),
  });
  return numberOr((await json(response)).readCount, 0);
}
