// Recording meter events (one, or a batch of up to 1,000) and reading them back. A batch is one
// INSERT statement (ingest.ts); an event of a credit meter then consumes the customer's credit grants
// in the same transaction through the `consume` hook the caller passes (payment/flows/ wires credits).
import type { MeterEventBatchResult, MeterEventCreate, MeterEventListQuery } from '@payshelf/api';
import { and, eq, gte, lt } from 'drizzle-orm';
import { meterEvents } from '../../db/schema/index.js';
import type { DbLike } from '../shared/db.js';
import { pageOf } from '../shared/list.js';
import { insertEvents, prepareEvents, type PreparedEvent } from './ingest.js';
import { serializeMeterEvent, type MeterEventRow } from './serialize.js';

/** Consumes credit for the inserted events of credit meters, inside the inserting transaction. */
export type ConsumeCredits = (tx: DbLike, events: readonly PreparedEvent[]) => Promise<void>;

export interface Recorded {
  events: PreparedEvent[];
  inserted: Set<string>;
}

export async function recordEvents(
  db: DbLike,
  livemode: boolean,
  input: readonly MeterEventCreate[],
  paramPrefix: (index: number) => string,
  consume: ConsumeCredits | null,
): Promise<Recorded> {
  const events = await prepareEvents(db, livemode, input, paramPrefix);
  const credit = consume !== null && events.some((e) => e.meter.currencyId !== null);
  if (!credit) return { events, inserted: await insertEvents(db, livemode, events) };
  return db.transaction(async (tx) => {
    const inserted = await insertEvents(tx, livemode, events);
    await consume(
      tx,
      events.filter((e) => inserted.has(e.id) && e.meter.currencyId !== null),
    );
    return { events, inserted };
  });
}

export function batchAnswer({ events, inserted }: Recorded): MeterEventBatchResult {
  const data = events.map((e) => {
    const accepted = inserted.has(e.id);
    return { identifier: e.identifier, id: accepted ? e.id : null, duplicate: !accepted };
  });
  const accepted = data.filter((d) => !d.duplicate).length;
  return { object: 'meter_event_batch', accepted, duplicates: data.length - accepted, data };
}

export async function eventByIdentifier(
  db: DbLike,
  livemode: boolean,
  identifier: string,
): Promise<MeterEventRow | null> {
  const [row] = await db
    .select()
    .from(meterEvents)
    .where(and(eq(meterEvents.livemode, livemode), eq(meterEvents.identifier, identifier)));
  return row ?? null;
}

export async function listEvents(db: DbLike, livemode: boolean, q: MeterEventListQuery) {
  const page = await pageOf(db, meterEvents, meterEvents, livemode, q, [
    q.meter_id ? eq(meterEvents.meterId, q.meter_id) : undefined,
    q.event_name ? eq(meterEvents.eventName, q.event_name) : undefined,
    q.customer_id ? eq(meterEvents.customerId, q.customer_id) : undefined,
    q.subscription_id ? eq(meterEvents.subscriptionId, q.subscription_id) : undefined,
    q.start ? gte(meterEvents.timestamp, new Date(q.start)) : undefined,
    q.end ? lt(meterEvents.timestamp, new Date(q.end)) : undefined,
  ]);
  const rows = await db
    .select()
    .from(meterEvents)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return { rows, page };
}

export { serializeMeterEvent };
