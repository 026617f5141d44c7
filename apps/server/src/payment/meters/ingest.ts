// Meter event ingestion: a batch (1 to 1,000 events) is checked as a whole (known active meters,
// known customers, times inside the window) and written by ONE statement: a multi-row INSERT from
// arrays with ON CONFLICT (livemode, identifier) DO NOTHING RETURNING, and in the same statement the
// per-day rollup rows of what was inserted (appended, never updated, so no batch waits on another).
// The unique index decides duplicates, so a repeated identifier (in the batch, a retry, a concurrent
// request in another process) is stored and counted once.
import type { MeterEventCreate } from '@payshelf/api';
import { sql } from 'drizzle-orm';
import { ApiError } from '../../core/http/errors.js';
import { customerTimes } from '../customers/index.js';
import type { DbLike } from '../shared/db.js';
import { newId } from '../shared/ids.js';
import { metersByEventName, type MeterRow } from './repo.js';

/** An event may be this old (by its customer's clock): the open period of a monthly plan and some. */
export const METER_EVENT_MAX_AGE_DAYS = 35;
/** An event may be this far ahead of its customer's clock (senders' clocks drift). */
export const METER_EVENT_MAX_AHEAD_MINUTES = 5;
const DAY = 86_400_000;

export interface PreparedEvent {
  id: string;
  meter: MeterRow;
  identifier: string;
  customerId: string;
  subscriptionId: string | null;
  value: bigint;
  timestamp: Date;
  sourceData: Record<string, unknown> | null;
}

/** Checks a batch and gives each event its id, meter and time; any refusal refuses the batch. */
export async function prepareEvents(
  db: DbLike,
  livemode: boolean,
  events: readonly MeterEventCreate[],
  paramPrefix: (index: number) => string,
): Promise<PreparedEvent[]> {
  const meters = await metersByEventName(db, [...new Set(events.map((e) => e.event_name))], livemode);
  const times = await customerTimes(db, [...new Set(events.map((e) => e.payload.customer_id))], livemode);
  return events.map((event, index) => {
    const at = paramPrefix(index);
    const meter = meters.get(event.event_name);
    if (!meter) throw ApiError.missing('meter_event_meter_missing', event.event_name, `${at}event_name`);
    if (meter.status !== 'active') {
      throw ApiError.of('meter_inactive', { name: event.event_name }, { param: `${at}event_name` });
    }
    const now = times.get(event.payload.customer_id);
    if (!now) {
      throw ApiError.missing(
        'meter_event_customer_missing',
        event.payload.customer_id,
        `${at}payload.customer_id`,
      );
    }
    const timestamp = event.timestamp ? new Date(event.timestamp) : now;
    if (timestamp.getTime() < now.getTime() - METER_EVENT_MAX_AGE_DAYS * DAY) {
      throw ApiError.of(
        'meter_event_too_old',
        { days: String(METER_EVENT_MAX_AGE_DAYS) },
        { param: `${at}timestamp` },
      );
    }
    if (timestamp.getTime() > now.getTime() + METER_EVENT_MAX_AHEAD_MINUTES * 60_000) {
      throw ApiError.of(
        'meter_event_in_future',
        { minutes: String(METER_EVENT_MAX_AHEAD_MINUTES) },
        { param: `${at}timestamp` },
      );
    }
    return {
      id: newId('mevt'),
      meter,
      identifier: event.identifier,
      customerId: event.payload.customer_id,
      subscriptionId: event.payload.subscription_id ?? null,
      value: BigInt(event.payload.value),
      timestamp,
      sourceData: event.source_data ?? null,
    };
  });
}

/**
 * Inserts the events and appends their daily rollup rows in one statement; answers the ids inserted
 * (an event whose identifier was already stored is not among them). Rows go in identifier order, so
 * two concurrent batches sharing identifiers wait on each other in the same order (no deadlock).
 */
export async function insertEvents(
  db: DbLike,
  livemode: boolean,
  events: readonly PreparedEvent[],
): Promise<Set<string>> {
  const col = <T>(pick: (e: PreparedEvent) => T) => sql.param(events.map(pick));
  const { rows } = await db.execute<{ id: string }>(sql`
    WITH input AS (
      SELECT * FROM unnest(
        ${col((e) => e.id)}::text[], ${col((e) => e.meter.id)}::text[],
        ${col((e) => e.meter.eventName)}::text[], ${col((e) => e.identifier)}::text[],
        ${col((e) => e.customerId)}::text[], ${col((e) => e.subscriptionId)}::text[],
        ${col((e) => e.value.toString())}::numeric[], ${col((e) => e.timestamp.toISOString())}::timestamptz[],
        ${col((e) => (e.sourceData ? JSON.stringify(e.sourceData) : null))}::jsonb[]
      ) AS t(id, meter_id, event_name, identifier, customer_id, subscription_id, value, ts, source_data)
    ), ins AS (
      INSERT INTO meter_events
        (id, livemode, meter_id, event_name, identifier, customer_id, subscription_id, value, "timestamp", source_data)
      SELECT id, ${livemode}, meter_id, event_name, identifier, customer_id, subscription_id, value, ts, source_data
      FROM input ORDER BY identifier
      ON CONFLICT (livemode, identifier) DO NOTHING
      RETURNING id, meter_id, customer_id, value, "timestamp"
    ), rollup AS (
      INSERT INTO meter_usage_daily (meter_id, customer_id, day, total, count)
      SELECT meter_id, customer_id, ("timestamp" AT TIME ZONE 'UTC')::date, sum(value), count(*)
      FROM ins GROUP BY 1, 2, 3
    )
    SELECT id FROM ins`);
  return new Set(rows.map((r) => r.id));
}
