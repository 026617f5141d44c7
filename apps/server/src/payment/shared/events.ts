import { events } from '../../db/schema/index.js';
import type { DbLike } from './db.js';
import { newId } from './ids.js';

/** Amounts become decimal strings, dates ISO strings: the payload is plain JSON. */
function jsonSafe<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
  ) as T;
}

/**
 * Events are rows first: written with the change (pass the transaction), delivered to webhooks and
 * sockets from these rows afterwards.
 */
export async function recordEvent(
  db: DbLike,
  type: string,
  object: { id: string; livemode: boolean },
  idempotencyKey: string | null = null,
  previous?: unknown,
): Promise<void> {
  await db.insert(events).values({
    id: newId('evt'),
    livemode: object.livemode,
    type,
    objectId: object.id,
    data: jsonSafe({ object, ...(previous === undefined ? {} : { previous_attributes: previous }) }),
    requestIdempotencyKey: idempotencyKey,
  });
}
