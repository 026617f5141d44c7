// Meters: create (event name unique per mode), update, activate and deactivate. A meter with a
// currency is a credit meter; the currency must exist in the meter's mode.
import type { MeterCreate, MeterUpdate } from '@payshelf/api';
import { ApiError } from '../../core/http/errors.js';
import { requireCurrency } from '../methods/index.js';
import type { DbLike } from '../shared/db.js';
import { newId } from '../shared/ids.js';
import { getMeter, insertMeter, updateMeter, type MeterRow } from './repo.js';

export async function requireMeter(db: DbLike, id: string, livemode: boolean, param?: string) {
  const row = await getMeter(db, id, livemode);
  if (!row) throw ApiError.missing('meter_missing', id, param);
  return row;
}

export async function createMeter(db: DbLike, livemode: boolean, input: MeterCreate): Promise<MeterRow> {
  if (input.currency_id) await requireCurrency(db, input.currency_id, livemode, 'currency_id');
  const row = await insertMeter(db, {
    id: newId('meter'),
    livemode,
    name: input.name,
    eventName: input.event_name,
    unit: input.unit,
    aggregationMethod: input.aggregation_method,
    currencyId: input.currency_id ?? null,
    description: input.description ?? null,
    metadata: input.metadata ?? {},
  });
  if (!row) {
    throw ApiError.of('meter_event_name_taken', { name: input.event_name }, { param: 'event_name' });
  }
  return row;
}

export async function changeMeter(db: DbLike, id: string, livemode: boolean, input: MeterUpdate) {
  const row = await updateMeter(db, id, livemode, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.unit !== undefined ? { unit: input.unit } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
  });
  if (!row) throw ApiError.missing('meter_missing', id);
  return row;
}

export async function setMeterStatus(db: DbLike, id: string, livemode: boolean, active: boolean) {
  const row = await updateMeter(db, id, livemode, { status: active ? 'active' : 'inactive' });
  if (!row) throw ApiError.missing('meter_missing', id);
  return row;
}
