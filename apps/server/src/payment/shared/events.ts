import { getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { events } from '../../db/schema/index.js';
import type { DbLike } from './db.js';
import { insertMany } from './bulk-insert.js';
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

/** jsonb_build_object takes at most 100 arguments: 50 keys per call, joined with `||`. */
const KEYS_PER_OBJECT = 50;

/**
 * The `data` recordEvent stores for a row, computed in SQL from `row` (the fields of a CTE that inserted
 * into `table`, so the event can be written in the same statement): the same JSON jsonSafe gives for the
 * row as read back, with property names as keys, amounts as decimal strings and times as ISO strings
 * (milliseconds, UTC).
 */
export function eventDataOf(table: PgTable, row: object): SQL {
  const pairs = Object.entries(getTableColumns(table)).map(([key, column]) => {
    if (!/^[A-Za-z0-9_]+$/.test(key)) throw new Error(`unexpected column key ${key}`);
    const field = (row as Record<string, SQLWrapper>)[key];
    const value =
      column.columnType === 'PgTimestamp'
        ? sql`to_char(${field} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
        : column.columnType === 'PgNumericBigInt' || column.columnType === 'PgBigInt64'
          ? sql`${field}::text`
          : sql`${field}`;
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  const objects: SQL[] = [];
  for (let i = 0; i < pairs.length; i += KEYS_PER_OBJECT) {
    objects.push(sql`jsonb_build_object(${sql.join(pairs.slice(i, i + KEYS_PER_OBJECT), sql`, `)})`);
  }
  return sql`jsonb_build_object('object', ${sql.join(objects, sql` || `)})`;
}

/** recordEvent for many objects in one INSERT (a batch renewal's events), in order. */
export async function recordEvents(
  db: DbLike,
  entries: ReadonlyArray<{ type: string; object: { id: string; livemode: boolean } }>,
): Promise<void> {
  await insertMany(
    db,
    events,
    entries.map((e) => ({
      id: newId('evt'),
      livemode: e.object.livemode,
      type: e.type,
      objectId: e.object.id,
      data: { object: e.object },
    })),
  );
}
