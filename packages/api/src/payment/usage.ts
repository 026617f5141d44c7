// Meters and meter events as the merchant API shows them (Payment Kit's `meters` and `meterEvents`):
// a meter names an event and how its values add up over a billing period; events carry a customer,
// a whole-number value and an idempotency `identifier`.
import { z } from 'zod';
import { amountString } from '../common.js';
import { storableText } from '../bounds.js';
import { listOf, listQuery, metadata, timestamp } from './common.js';

export const METER_AGGREGATIONS = ['sum', 'count', 'last'] as const;
export const meterAggregation = z.enum(METER_AGGREGATIONS);
export const meterStatus = z.enum(['active', 'inactive']);

/** Event names: letters, digits and `._:-`, as a merchant's code would write them. */
const eventName = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits, dot, underscore, colon and hyphen only');

export const meter = z.object({
  id: z.string(),
  object: z.literal('meter'),
  livemode: z.boolean(),
  name: z.string(),
  event_name: z.string(),
  unit: z.string(),
  aggregation_method: meterAggregation,
  status: meterStatus,
  /** A credit meter: its events consume the customer's credit grants of this currency. */
  currency_id: z.string().nullable(),
  description: z.string().nullable(),
  metadata,
  created_at: timestamp,
  updated_at: timestamp,
});
export type Meter = z.infer<typeof meter>;

export const meterCreate = z.strictObject({
  name: storableText(200).min(1),
  event_name: eventName,
  unit: storableText(50).min(1),
  aggregation_method: meterAggregation.default('sum'),
  currency_id: z.string().max(100).optional(),
  description: storableText(1000).optional(),
  metadata: metadata.optional(),
});
export type MeterCreate = z.infer<typeof meterCreate>;

/** The event name and aggregation are fixed once events exist; the rest may change. */
export const meterUpdate = z.strictObject({
  name: storableText(200).min(1).optional(),
  unit: storableText(50).min(1).optional(),
  description: storableText(1000).nullable().optional(),
  metadata: metadata.optional(),
});
export type MeterUpdate = z.infer<typeof meterUpdate>;

export const meterListQuery = listQuery.omit({ active: true }).extend({
  status: meterStatus.optional(),
  event_name: z.string().max(100).optional(),
});
export type MeterListQuery = z.infer<typeof meterListQuery>;
export const meterList = listOf(meter);

export const meterEventPayload = z.strictObject({
  customer_id: z.string().min(1).max(100),
  /** A whole number of the meter's unit (a decimal string). */
  value: amountString,
  subscription_id: z.string().max(100).optional(),
});

export const meterEventCreate = z.strictObject({
  event_name: eventName,
  /** The idempotency key: an event with an identifier already seen is a duplicate, never counted. */
  identifier: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces'),
  payload: meterEventPayload,
  /** When the usage happened; default now. Refused when too old for the open period or in the future. */
  timestamp: timestamp.optional(),
  source_data: metadata.optional(),
});
export type MeterEventCreate = z.infer<typeof meterEventCreate>;

export const MAX_METER_EVENT_BATCH = 1000;
export const meterEventBatchCreate = z.strictObject({
  events: z.array(meterEventCreate).min(1).max(MAX_METER_EVENT_BATCH),
});
export type MeterEventBatchCreate = z.infer<typeof meterEventBatchCreate>;

export const meterEvent = z.object({
  id: z.string(),
  object: z.literal('meter_event'),
  livemode: z.boolean(),
  meter_id: z.string(),
  event_name: z.string(),
  identifier: z.string(),
  payload: z.object({
    customer_id: z.string(),
    value: amountString,
    subscription_id: z.string().nullable(),
  }),
  timestamp,
  status: z.enum(['pending', 'completed', 'requires_action']),
  /** Credit taken from grants by this event (credit meters), and what no grant could cover. */
  credit_consumed: amountString,
  credit_pending: amountString,
  source_data: z.record(z.string(), z.json()).nullable(),
  created_at: timestamp,
});
export type MeterEvent = z.infer<typeof meterEvent>;

/** A single create answers the event; `duplicate` when its identifier was seen before (not counted). */
export const meterEventCreated = meterEvent.extend({ duplicate: z.boolean() });

export const meterEventBatchResult = z.object({
  object: z.literal('meter_event_batch'),
  accepted: z.number().int(),
  duplicates: z.number().int(),
  /** One per event sent, in order: its id when accepted, null for a duplicate. */
  data: z.array(z.object({ identifier: z.string(), id: z.string().nullable(), duplicate: z.boolean() })),
});
export type MeterEventBatchResult = z.infer<typeof meterEventBatchResult>;

export const meterEventListQuery = listQuery.omit({ active: true }).extend({
  meter_id: z.string().max(100).optional(),
  event_name: z.string().max(100).optional(),
  customer_id: z.string().max(100).optional(),
  subscription_id: z.string().max(100).optional(),
  start: timestamp.optional(),
  end: timestamp.optional(),
});
export type MeterEventListQuery = z.infer<typeof meterEventListQuery>;
export const meterEventList = listOf(meterEvent);

export const meterEventStatsQuery = z.object({
  meter_id: z.string().max(100),
  customer_id: z.string().max(100).optional(),
  start: timestamp,
  end: timestamp,
});
export type MeterEventStatsQuery = z.infer<typeof meterEventStatsQuery>;

export const meterEventStats = z.object({
  object: z.literal('meter_event_stats'),
  meter_id: z.string(),
  /** One entry per UTC day with events in [start, end), oldest first. */
  data: z.array(z.object({ date: z.string(), total: amountString, count: z.number().int() })),
});

export const pendingAmountQuery = z.object({
  customer_id: z.string().max(100),
  subscription_id: z.string().max(100).optional(),
});
export type PendingAmountQuery = z.infer<typeof pendingAmountQuery>;

export const pendingAmount = z.object({
  object: z.literal('meter_pending_amount'),
  customer_id: z.string(),
  /** What the open periods' usage would bill now, per subscription and metered price. */
  data: z.array(
    z.object({
      subscription_id: z.string(),
      price_id: z.string(),
      meter_id: z.string(),
      currency_id: z.string(),
      quantity: z.string(),
      amount: amountString,
    }),
  ),
});
