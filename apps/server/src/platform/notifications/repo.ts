import type { NotificationListQuery } from '@payshelf/api';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { notifications } from '../../db/schema/index.js';

/** The pool-backed database or a transaction of it: notify() joins the caller's transaction. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

export async function insertNotification(db: DbOrTx, row: NewNotificationRow): Promise<NotificationRow> {
  const [inserted] = await db.insert(notifications).values(row).returning();
  if (!inserted) throw new Error('notification insert returned no row');
  return inserted;
}

function listFilter(receiver: string, q: NotificationListQuery): SQL | undefined {
  const where: Array<SQL | undefined> = [eq(notifications.receiver, receiver)];
  if (q.id) where.push(eq(notifications.id, q.id));
  if (q.severity !== 'all') where.push(eq(notifications.severity, q.severity));
  if (q.componentDid === 'system') where.push(eq(notifications.source, 'system'));
  else if (q.componentDid !== 'all') where.push(eq(notifications.componentDid, q.componentDid));
  if (q.read === true) where.push(isNotNull(notifications.readAt));
  if (q.read === false) where.push(isNull(notifications.readAt));
  return and(...where);
}

/** One page of the receiver's notifications, newest first, and how many match in all. */
export async function listNotifications(
  db: Db,
  receiver: string,
  q: NotificationListQuery,
): Promise<{ rows: NotificationRow[]; count: number }> {
  const where = listFilter(receiver, q);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

export async function countUnread(db: Db, receiver: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.receiver, receiver), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the receiver's unread notifications (these ids, or all) read; answers how many changed. */
export async function markRead(db: DbOrTx, receiver: string, ids: string[] | 'all'): Promise<number> {
  const where = [eq(notifications.receiver, receiver), isNull(notifications.readAt)];
  if (ids !== 'all') where.push(inArray(notifications.id, ids));
  const changed = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(...where))
    .returning({ id: notifications.id });
  return changed.length;
}
