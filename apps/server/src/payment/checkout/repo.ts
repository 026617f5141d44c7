import { createHash } from 'node:crypto';
import type { ListQuery } from '@payshelf/api';
import { and, eq, lt, sql } from 'drizzle-orm';
import { checkoutSessions, events } from '../../db/schema/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { eventDataOf } from '../shared/events.js';
import { newId } from '../shared/ids.js';
import { pageOf, type Page } from '../shared/list.js';
import { Batcher } from '../shared/batch.js';
import { WriteBatcher } from '../shared/write-batch.js';
import { prepared } from '../shared/prepared.js';
import { sessionTouched } from './session-cache.js';

export type SessionRow = typeof checkoutSessions.$inferSelect;
export type SessionInsert = typeof checkoutSessions.$inferInsert;

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

/** The longest batch one statement carries (each size is its own prepared statement). */
const MAX_BATCH = 16;

/**
 * The statement inserting `n` sessions (the columns `keys`) and one event of `type`-placeholder per
 * session, in one round trip: the event of each session is matched to it by id, so the events carry
 * their own ids and idempotency keys whatever order PostgreSQL inserts the rows in.
 */
function batchStatement(db: Db, keys: string[], n: number, durability: InsertDurability, digest: string) {
  return prepared(db, `checkout_session_insert_${digest}_${n}`, (d, name) => {
    const rows = Array.from(
      { length: n },
      (_, i) => Object.fromEntries(keys.map((k) => [k, sql.placeholder(`${k}__${i}`)])) as unknown,
    ) as SessionInsert[];
    const row = d.$with('s').as(d.insert(checkoutSessions).values(rows).returning());
    const ids = sql`unnest(${sql.placeholder('session_ids')}::text[], ${sql.placeholder('event_ids')}::text[], ${sql.placeholder('event_idems')}::text[]) AS m(session_id, event_id, idem)`;
    const event = d.$with('e').as(
      d.insert(events).select(
        d
          .select({
            id: sql<string>`m.event_id`.as('id'),
            livemode: row.livemode,
            type: sql<string>`${sql.placeholder('event_type')}::text`.as('type'),
            objectId: row.id,
            data: eventDataOf(checkoutSessions, row).as('data'),
            requestIdempotencyKey: sql<string | null>`m.idem`.as('request_idempotency_key'),
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(row)
          .innerJoin(ids, sql`m.session_id = ${row.id}`),
      ),
    );
    const query = d.with(row, event).select().from(row);
    // A one-time filter, evaluated once per execution before the rows are returned.
    const asyncCommit = sql`(SELECT set_config('synchronous_commit', 'off', true)) = 'off'`;
    return (durability === 'async' ? query.where(asyncCommit) : query).prepare(name);
  });
}

/** Runs one batch of inserts of the same columns, answering each item's row in the items' order. */
async function insertBatch(
  db: Db,
  keys: string[],
  type: string,
  durability: InsertDurability,
  digest: string,
  items: BatchedInsert[],
): Promise<SessionRow[]> {
  const params: Record<string, unknown> = {
    event_type: type,
    session_ids: items.map((it) => it.values.id),
    event_ids: items.map((it) => it.eventId),
    event_idems: items.map((it) => it.idempotencyKey),
  };
  items.forEach((it, i) => {
    for (const k of keys) params[`${k}__${i}`] = it.values[k];
  });
  const created = await batchStatement(db, keys, items.length, durability, digest).execute(params);
  const byId = new Map(created.map((r) => [r.id, r]));
  return items.map((it) => {
    const found = byId.get(it.values.id as string);
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
  const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const keys = Object.keys(given).sort();
  // PostgreSQL keeps 63 characters of a statement name: the column set goes in as a short digest.
  const digest = createHash('sha256')
    .update(`${durability}:${keys.join(',')}`)
    .digest('hex')
    .slice(0, 16);
  const batcher = prepared(
    db,
    `checkout_session_insert_batcher_${digest}:${type}`,
    (d) =>
      new WriteBatcher<BatchedInsert, SessionRow>(
        (items) => insertBatch(d, keys, type, durability, digest, items),
        MAX_BATCH,
      ),
  );
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
