import type { ListQuery } from '@payshelf/api';
import { and, eq, getTableColumns, lt, sql, type Column } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { checkoutSessions, events } from '../../db/schema/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { eventDataOf } from '../shared/events.js';
import { newId } from '../shared/ids.js';
import { pageOf, type Page } from '../shared/list.js';
import { Batcher } from '../shared/batch.js';
import { recordsetOf, rowsOf, sqlNameOf } from '../shared/bulk-insert.js';
import { WriteBatcher } from '../shared/write-batch.js';
import { prepared } from '../shared/prepared.js';
import { sessionTouched } from './session-cache.js';

import type { SessionInsert, SessionRow } from './session-row.js';

export type { SessionInsert, SessionRow } from './session-row.js';

/** Plain session reads by id, batched (concurrent page loads share one query) with a prepared statement. */
function sessionReads(db: Db): Batcher<SessionRow> {
  return prepared(db, 'checkout_sessions_by_ids', (d, name) => {
    const statement = d
      .select()
      .from(checkoutSessions)
      .where(sql`${checkoutSessions.id} = ANY(${sql.placeholder('ids')}::text[])`)
      .prepare(name);
    return new Batcher(
      async (ids) => new Map((await statement.execute({ ids })).map((row) => [row.id, row])),
    );
  });
}

/**
 * By id, in one mode or (livemode null) in whichever it lives; `lock` holds the row until commit. Plain
 * reads (every checkout page load) go through the batched, prepared read.
 */
export async function getSession(
  db: Db,
  id: string,
  livemode: boolean | null,
  lock = false,
): Promise<SessionRow | null> {
  if (!lock) {
    const row = await sessionReads(db).get(id);
    return row && (livemode === null || row.livemode === livemode) ? row : null;
  }
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.id, id),
        livemode === null ? undefined : eq(checkoutSessions.livemode, livemode),
      ),
    )
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * How the insert commits. `sync`: the answer waits for the WAL flush (the default for every write).
 * `async`: the statement's own transaction commits with synchronous_commit off (set inside the statement,
 * so it must run outside a transaction): the answer does not wait for the disk, and a PostgreSQL crash
 * within the WAL writer's delay (200 ms by default) can lose the session and its event. Only for a
 * session nobody has paid yet (a payment link's start): the visitor gets a new session on the next load,
 * and any later synchronous commit (submit, payment) flushes the WAL past the insert first.
 */
export type InsertDurability = 'sync' | 'async';

/** A batch of session inserts: each session's own event id and idempotency key ride beside it. */
interface BatchedInsert {
  values: Record<string, unknown>;
  eventId: string;
  idempotencyKey: string | null;
}

/** Session insert batchers by database handle, then by durability, event type and columns named. */
const batchers = new WeakMap<object, Map<string, WriteBatcher<BatchedInsert, SessionRow>>>();

/** The most sessions one statement inserts. */
const MAX_BATCH = 32;

/** The database names of the columns of `table`, as SQL (`"object_id"`). */
const nameOf = (column: Column) => sql.raw(`"${sqlNameOf(column)}"`);

/** The inserted session's columns as read from the CTE `s`, for eventDataOf. */
const insertedRow = Object.fromEntries(
  Object.entries(getTableColumns(checkoutSessions)).map(([key, column]) => [
    key,
    sql.raw(`s."${sqlNameOf(column)}"`),
  ]),
);

/** Parameters of the batch insert, in the order its text names them ($1…$5). */
type BatchParams = [
  json: string,
  type: string,
  ids: string[],
  eventIds: string[],
  idems: Array<string | null>,
];

/** Batch insert texts by durability and columns, split at their parameters (batchStatement). */
const statements = new Map<string, string[]>();
const dialect = new PgDialect();

/**
 * The batch insert's statement text for these columns and durability, split where its parameters go:
 * the sessions travel as one JSON array (json_populate_recordset: one parameter and one statement text
 * whatever the batch's size), each event is matched to its session by id, so the events carry their own
 * ids and idempotency keys whatever order PostgreSQL inserts the rows in. Built once per kind (the event
 * data expression names every column, which is costly to build per batch).
 */
function batchStatement(names: string, durability: InsertDurability): string[] {
  const key = `${durability}|${names}`;
  const known = statements.get(key);
  if (known) return known;
  const eventColumns = sql.join(
    [
      events.id,
      events.livemode,
      events.type,
      events.objectId,
      events.data,
      events.requestIdempotencyKey,
      events.createdAt,
    ].map(nameOf),
    sql`, `,
  );
  // A one-time filter, evaluated once per execution before the rows are returned.
  const asyncCommit =
    durability === 'async'
      ? sql`WHERE (SELECT set_config('synchronous_commit', 'off', true)) = 'off'`
      : sql``;
  const p = (n: number) => sql.raw(`$${n}`);
  const text = dialect.sqlToQuery(sql`
    WITH s AS (
      INSERT INTO "checkout_sessions" (${sql.raw(names)})
      SELECT ${sql.raw(names)} FROM json_populate_recordset(NULL::"checkout_sessions", ${p(1)}::json)
      RETURNING *
    ), e AS (
      INSERT INTO "events" (${eventColumns})
      SELECT m.event_id, s."livemode", ${p(2)}::text, s."id", ${eventDataOf(checkoutSessions, insertedRow)},
             m.idem, now()
        FROM s
        JOIN unnest(${p(3)}::text[], ${p(4)}::text[], ${p(5)}::text[]) AS m(session_id, event_id, idem)
          ON m.session_id = s."id"
    )
    SELECT s.* FROM s ${asyncCommit}`).sql;
  const parts = text.split(/\$[1-5](?![0-9])/);
  if (parts.length !== 6) throw new Error('unexpected batch insert text');
  statements.set(key, parts);
  return parts;
}

/**
 * Inserts a batch of sessions (all naming the same columns) and one event of `type` per session, in one
 * statement (batchStatement). Answers each item's row in the items' order.
 */
async function insertBatch(
  db: Db,
  type: string,
  durability: InsertDurability,
  items: BatchedInsert[],
): Promise<SessionRow[]> {
  const { names, json } = recordsetOf(
    checkoutSessions,
    items.map((it) => it.values as SessionInsert),
  );
  const ids = items.map((it) => String(it.values.id));
  const params: BatchParams = [
    json,
    type,
    ids,
    items.map((it) => it.eventId),
    items.map((it) => it.idempotencyKey),
  ];
  const parts = batchStatement(names, durability);
  const chunks = parts.flatMap((part, i) =>
    i < params.length ? [sql.raw(part), sql.param(params[i])] : [sql.raw(part)],
  );
  const { rows } = await db.execute<Record<string, unknown>>(sql.join(chunks));
  const byId = new Map(rowsOf(checkoutSessions, rows).map((r) => [r.id, r]));
  return ids.map((id) => {
    const found = byId.get(id);
    if (!found) throw new Error('insert failed');
    return found;
  });
}

/**
 * Inserts a session and its event (as recordEvent would write it) in one statement: both or neither, in
 * one round trip. Concurrent inserts on one database handle with the same columns, event type and
 * durability share one statement (payment/shared/write-batch.ts): a burst of link starts costs one
 * round trip and one commit per batch, and each caller still gets its own row or its own error.
 */
export async function insertSessionWithEvent(
  db: Db,
  values: SessionInsert,
  type: string,
  idempotencyKey: string | null,
  durability: InsertDurability = 'sync',
): Promise<SessionRow> {
  // One batcher per database handle and kind of insert: a batch's rows name the same columns (the same
  // columns named in another order only make another kind).
  const given: Record<string, unknown> = {};
  let kind = `${durability}:${type}:`;
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    given[key] = value;
    kind += `${key},`;
  }
  let byKind = batchers.get(db);
  if (!byKind) {
    byKind = new Map();
    batchers.set(db, byKind);
  }
  let batcher = byKind.get(kind);
  if (!batcher) {
    batcher = new WriteBatcher((items) => insertBatch(db, type, durability, items), MAX_BATCH);
    byKind.set(kind, batcher);
  }
  return batcher.add({ values: given, eventId: newId('evt'), idempotencyKey });
}

export async function updateSession(db: Db, id: string, set: Partial<SessionInsert>): Promise<SessionRow> {
  sessionTouched(id);
  const [row] = await db
    .update(checkoutSessions)
    .set({ ...set, updatedAt: new Date(), version: sql`${checkoutSessions.version} + 1` })
    .where(eq(checkoutSessions.id, id))
    .returning();
  if (!row) throw new Error('checkout session vanished');
  return row;
}

/** Open sessions past expires_at become expired (the scheduled sweep; reads also expire lazily). */
export async function expireDue(db: Db): Promise<SessionRow[]> {
  const rows = await db
    .update(checkoutSessions)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(eq(checkoutSessions.status, 'open'), lt(checkoutSessions.expiresAt, new Date())))
    .returning();
  for (const row of rows) sessionTouched(row.id);
  return rows;
}

export async function listSessions(
  db: Db,
  livemode: boolean,
  q: ListQuery & { status?: 'open' | 'complete' | 'expired'; payment_link_id?: string; customer_id?: string },
): Promise<{ rows: SessionRow[]; page: Page }> {
  const filters = [
    q.status ? eq(checkoutSessions.status, q.status) : undefined,
    q.payment_link_id ? eq(checkoutSessions.paymentLinkId, q.payment_link_id) : undefined,
    q.customer_id ? eq(checkoutSessions.customerId, q.customer_id) : undefined,
  ];
  const page = await pageOf(db, checkoutSessions, checkoutSessions, livemode, q, filters);
  const rows = await db
    .select()
    .from(checkoutSessions)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return { rows, page };
}
