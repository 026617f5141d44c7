import { createHash } from 'node:crypto';
import type { ListQuery } from '@payshelf/api';
import { and, eq, lt, sql } from 'drizzle-orm';
import { checkoutSessions, events } from '../../db/schema/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { eventDataOf } from '../shared/events.js';
import { newId } from '../shared/ids.js';
import { pageOf, type Page } from '../shared/list.js';
import { Batcher } from '../shared/batch.js';
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

type SessionEventValues = Record<string, unknown> & {
  event_id: string;
  event_type: string;
  event_idem: null | string;
};

/**
 * How the insert commits. `sync`: the answer waits for the WAL flush (the default for every write).
 * `async`: the statement's own transaction commits with synchronous_commit off (set inside the statement,
 * so it must run outside a transaction): the answer does not wait for the disk, and a PostgreSQL crash
 * within the WAL writer's delay (200 ms by default) can lose the session and its event. Only for a
 * session nobody has paid yet (a payment link's start): the visitor gets a new session on the next load,
 * and any later synchronous commit (submit, payment) flushes the WAL past the insert first.
 */
export type InsertDurability = 'sync' | 'async';

/**
 * Inserts a session and its event (as recordEvent would write it) in one statement: both or neither, in
 * one round trip. A prepared statement per set of columns given (the others take their defaults).
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
  const statement = prepared(db, `checkout_session_insert_${digest}`, (d, name) => {
    const placeholders = Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)]));
    const row = d.$with('s').as(
      d
        .insert(checkoutSessions)
        .values(placeholders as unknown as SessionInsert)
        .returning(),
    );
    const event = d.$with('e').as(
      d.insert(events).select(
        d
          .select({
            id: sql<string>`${sql.placeholder('event_id')}::text`.as('id'),
            livemode: row.livemode,
            type: sql<string>`${sql.placeholder('event_type')}::text`.as('type'),
            objectId: row.id,
            data: eventDataOf(checkoutSessions, row).as('data'),
            requestIdempotencyKey: sql<string | null>`${sql.placeholder('event_idem')}::text`.as(
              'request_idempotency_key',
            ),
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(row),
      ),
    );
    const query = d.with(row, event).select().from(row);
    // A one-time filter, evaluated once per execution before the row is returned.
    const asyncCommit = sql`(SELECT set_config('synchronous_commit', 'off', true)) = 'off'`;
    return (durability === 'async' ? query.where(asyncCommit) : query).prepare(name);
  });
  const params: SessionEventValues = {
    ...given,
    event_id: newId('evt'),
    event_type: type,
    event_idem: idempotencyKey,
  };
  const [created] = await statement.execute(params);
  if (!created) throw new Error('insert failed');
  return created;
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
