import type { Meter, MeterEvent } from '@payshelf/api';
import type { meterEvents } from '../../db/schema/index.js';
import { iso } from '../shared/time.js';
import type { MeterRow } from './repo.js';

export type MeterEventRow = typeof meterEvents.$inferSelect;

export function serializeMeter(row: MeterRow): Meter {
  return {
    id: row.id,
    object: 'meter',
    livemode: row.livemode,
    name: row.name,
    event_name: row.eventName,
    unit: row.unit,
    aggregation_method: row.aggregationMethod,
    status: row.status,
    currency_id: row.currencyId,
    description: row.description,
    metadata: row.metadata as Meter['metadata'],
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function serializeMeterEvent(row: MeterEventRow): MeterEvent {
  return {
    id: row.id,
    object: 'meter_event',
    livemode: row.livemode,
    meter_id: row.meterId,
    event_name: row.eventName,
    identifier: row.identifier,
    payload: {
      customer_id: row.customerId,
      value: row.value.toString(),
      subscription_id: row.subscriptionId,
    },
    timestamp: iso(row.timestamp),
    status: row.status,
    credit_consumed: row.creditConsumed.toString(),
    credit_pending: row.creditPending.toString(),
    source_data: (row.sourceData ?? null) as MeterEvent['source_data'],
    created_at: iso(row.createdAt),
  };
}
