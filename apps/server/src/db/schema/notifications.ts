import type { NotificationActivity, NotificationActor, NotificationMessage } from '@payshelf/api';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const NOTIFICATION_SEVERITIES = ['normal', 'success', 'info', 'warning', 'error'] as const;
export const NOTIFICATION_SOURCES = ['system', 'component'] as const;

/**
 * One notification for one receiver (a DID, bare `z1…`). `readAt` is null while unread. Created by
 * `notify()` (payment, store, platform jobs) or by owners and admins through the API.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    receiver: text('receiver').notNull(),
    severity: text('severity', { enum: NOTIFICATION_SEVERITIES }).notNull().default('normal'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    source: text('source', { enum: NOTIFICATION_SOURCES }).notNull().default('system'),
    componentDid: text('component_did'),
    sticky: boolean('sticky').notNull().default(false),
    activity: jsonb('activity').$type<NotificationActivity>(),
    actorInfo: jsonb('actor_info').$type<NotificationActor>(),
    /** The message key and parameters the web renders in the reader's language (null: text only). */
    message: jsonb('message').$type<NotificationMessage>(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_receiver_created').on(t.receiver, t.createdAt, t.id),
    index('notifications_receiver_unread')
      .on(t.receiver)
      .where(sql`${t.readAt} IS NULL`),
  ],
);
