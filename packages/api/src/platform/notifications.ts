import { z } from 'zod';
import { noNul, storableJson } from './json.js';

/** The user service's notification API (list, unread count, mark read). */
export const NOTIFICATIONS_API_PATH = '/.well-known/service/api/user/notifications';
/** The user notifications websocket; a signed-in user subscribes to `user:{did}` only. */
export const USER_SOCKET_PATH = '/.well-known/service/user/websocket';
export const USER_SOCKET_HEARTBEAT_SECONDS = 100;
export const userTopic = (did: string) => `user:${did}`;

export const notificationSeverity = z.enum(['normal', 'success', 'info', 'warning', 'error']);
export type NotificationSeverity = z.infer<typeof notificationSeverity>;
export const notificationSource = z.enum(['system', 'component']);
export const activityType = z.enum(['comment', 'like', 'follow', 'tips', 'mention', 'assign', 'un_assign']);

/** A DID as bare address (`z1…`); `did:abt:` is accepted and dropped. */
export const didParam = z
  .string()
  .trim()
  .regex(/^(did:abt:)?z[1-9A-HJ-NP-Za-km-z]{20,64}$/, 'must be a DID such as z1…')
  .transform((v) => v.replace(/^did:abt:/, ''));

const shortText = z.string().max(500);

export const notificationActivity = z.object({
  type: activityType,
  actor: z.string().max(200),
  target: z.object({ id: z.string().max(200), name: shortText }).optional(),
  meta: z.object({ id: z.string().max(200), content: z.string().max(2000) }).optional(),
});
export type NotificationActivity = z.infer<typeof notificationActivity>;

export const notificationActor = z.object({ did: z.string().max(200), fullName: shortText });
export type NotificationActor = z.infer<typeof notificationActor>;

/**
 * What a notification says, as a message key and its parameters (never language-bound text): the web
 * renders `key` in the reader's language. `title`/`description` keep an English rendering for API
 * readers and for rows written before keys existed.
 */
export const notificationMessage = z.object({
  key: z.string().regex(/^[a-z][A-Za-z0-9_.]{0,99}$/, 'must be a message key such as billing.invoicePaid'),
  params: z.record(z.string().max(100), z.string().max(2000)).default({}),
});
export type NotificationMessage = z.infer<typeof notificationMessage>;

const notificationFields = z.strictObject({
  receiver: didParam,
  title: z.string().trim().min(1).max(300),
  description: z.string().max(5000).default(''),
  severity: notificationSeverity.default('normal'),
  source: notificationSource.default('system'),
  componentDid: z.string().trim().min(1).max(200).nullable().default(null),
  sticky: z.boolean().default(false),
  activity: notificationActivity.nullable().default(null),
  actorInfo: notificationActor.nullable().default(null),
  message: notificationMessage.nullable().default(null),
});
/** What `notify()` and `POST /api/notifications` take (NUL characters refused: PostgreSQL cannot store them). */
export const notificationCreate = storableJson(notificationFields, 6);
export type NotificationCreate = z.input<typeof notificationFields>;

export const notification = z.object({
  id: z.string(),
  object: z.literal('notification'),
  receiver: z.string(),
  /** SPEC.md section 3 shape: the web checks `receivers[0].receiver` against the signed-in user. */
  receivers: z.array(z.object({ receiver: z.string() })),
  severity: notificationSeverity,
  title: z.string(),
  description: z.string(),
  source: notificationSource,
  componentDid: z.string().nullable(),
  sticky: z.boolean(),
  activity: notificationActivity.nullable(),
  actorInfo: notificationActor.nullable(),
  /** The message key and parameters; absent or null on rows stored as text only. */
  message: notificationMessage.nullable().optional(),
  read: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notification>;

const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Query of `GET {NOTIFICATIONS_API_PATH}` (the notification centre's filters). */
export const notificationListQuery = z.object({
  id: z.string().trim().min(1).max(100).refine(noNul, 'must not contain NUL').optional(),
  severity: z.enum(['all', ...notificationSeverity.options]).default('all'),
  /** `system`: system notifications only; `all`: everything; otherwise one component's DID. */
  componentDid: z.string().trim().min(1).max(200).refine(noNul, 'must not contain NUL').default('all'),
  read: boolParam.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const notificationList = z.object({
  list: z.array(notification),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const unreadCountAnswer = z.object({ unreadCount: z.number().int() });

/** Body of `PUT {NOTIFICATIONS_API_PATH}/read`: some ids, or all of the caller's. */
export const markReadBody = z
  .strictObject({
    ids: z
      .array(z.string().trim().min(1).max(100).refine(noNul, 'must not contain NUL'))
      .min(1)
      .max(100)
      .optional(),
    all: z.literal(true).optional(),
  })
  .refine((b) => (b.ids !== undefined) !== (b.all !== undefined), {
    message: 'give either ids or all: true',
    path: ['ids'],
  });
export const markReadAnswer = z.object({ readCount: z.number().int() });

/** Events on `user:{did}`: `notification.create` carries a notification, `notification.read` this. */
export const notificationReadEvent = z.object({ receiver: z.string(), readCount: z.number().int() });
export type NotificationReadEvent = z.infer<typeof notificationReadEvent>;
