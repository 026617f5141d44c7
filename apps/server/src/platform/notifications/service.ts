import { randomBytes } from 'node:crypto';
import {
  notificationCreate,
  userTopic,
  type Notification,
  type NotificationCreate,
  type NotificationList,
  type NotificationListQuery,
  type NotificationReadEvent,
} from '@payshelf/api';
import type { Services } from '../../services.js';
import { busClientOf } from './publish.js';
import {
  countUnread,
  insertNotification,
  listNotifications,
  markRead,
  type DbOrTx,
  type NotificationRow,
} from './repo.js';

export const NOTIFICATION_CREATED = 'notification.create';
export const NOTIFICATION_READ = 'notification.read';

type NotifyServices = Pick<Services, 'database' | 'bus'>;

export function newNotificationId(): string {
  return `ntf_${randomBytes(12).toString('hex')}`;
}

export function serializeNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    object: 'notification',
    receiver: row.receiver,
    receivers: [{ receiver: row.receiver }],
    severity: row.severity,
    title: row.title,
    description: row.description,
    source: row.source,
    componentDid: row.componentDid,
    sticky: row.sticky,
    activity: row.activity,
    actorInfo: row.actorInfo,
    message: row.message,
    read: row.readAt !== null,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Notifies a user: stores the notification and sends `notification.create` to `user:{receiver}` on
 * every process. Pass the caller's transaction as `db` to make both part of it: nothing is sent if it
 * rolls back. Throws a ZodError for input that breaks the notification contract.
 */
export async function notify(
  services: NotifyServices,
  input: NotificationCreate,
  db: DbOrTx = services.database.db,
): Promise<Notification> {
  const value = notificationCreate.parse(input);
  const row = await insertNotification(db, { id: newNotificationId(), ...value });
  const notification = serializeNotification(row);
  await services.bus.publish(userTopic(row.receiver), NOTIFICATION_CREATED, notification, busClientOf(db));
  return notification;
}

export async function listFor(
  services: NotifyServices,
  receiver: string,
  query: NotificationListQuery,
): Promise<NotificationList> {
  const db = services.database.db;
  const [{ rows, count }, unreadCount] = await Promise.all([
    listNotifications(db, receiver, query),
    countUnread(db, receiver),
  ]);
  return {
    list: rows.map(serializeNotification),
    count,
    page: query.page,
    pageSize: query.pageSize,
    unreadCount,
  };
}

export async function unreadCountOf(services: NotifyServices, receiver: string): Promise<number> {
  return countUnread(services.database.db, receiver);
}

/** Marks the receiver's notifications read and sends `notification.read` ({ receiver, readCount }). */
export async function markReadFor(
  services: NotifyServices,
  receiver: string,
  ids: string[] | 'all',
): Promise<{ readCount: number }> {
  return services.database.db.transaction(async (tx) => {
    const readCount = await markRead(tx, receiver, ids);
    if (readCount > 0) {
      const event: NotificationReadEvent = { receiver, readCount };
      await services.bus.publish(userTopic(receiver), NOTIFICATION_READ, event, busClientOf(tx));
    }
    return { readCount };
  });
}
