import { events } from '../../db/schema/index.js';
import type { DbLike } from './db.js';
import { newId } from './ids.js';

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
    data: { object, ...(previous === undefined ? {} : { previous_attributes: previous }) },
    requestIdempotencyKey: idempotencyKey,
  });
}
