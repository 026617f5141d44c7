import type { SettingRecord } from '@payshelf/api';
import type { z } from 'zod';
import type { settingCreate } from '@payshelf/api';
import { ApiError } from '../../core/http/errors.js';
import { activeMethodsWithCurrencies } from '../methods/index.js';
import { serializeCurrency, serializeMethod } from '../methods/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { newId } from '../shared/ids.js';
import { iso } from '../shared/time.js';
import { findById, findByMount, insertSetting, updateSetting, type SettingRow } from './repo.js';

export function serializeSetting(row: SettingRow): SettingRecord {
  return {
    id: row.id,
    object: 'setting',
    livemode: row.livemode,
    type: row.type,
    mount_location: row.mountLocation,
    description: row.description,
    component_did: row.componentDid,
    active: row.active,
    settings: row.settings as SettingRecord['settings'],
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** GET /settings: active methods with their currencies, and the base currency (flagged, else the first). */
export async function paymentSettingsFor(db: Db, livemode: boolean) {
  const methods = await activeMethodsWithCurrencies(db, livemode);
  const currencies = methods.flatMap((m) => m.currencies);
  const base = currencies.find((c) => c.isBaseCurrency) ?? currencies[0] ?? null;
  return {
    paymentMethods: methods.map(({ method, currencies: list }) => serializeMethod(method, list, true)),
    baseCurrency: base ? serializeCurrency(base) : null,
  };
}

/**
 * POST /settings: the record of a mount location, created on first use by an owner or admin (the
 * route is admin-only, so an anonymous visitor cannot fill the table); an existing record comes back
 * unchanged.
 */
export async function ensureSetting(
  db: Db,
  input: z.infer<typeof settingCreate>,
  livemode: boolean,
): Promise<SettingRow> {
  const existing = await findByMount(db, livemode, input.mountLocation, input.type);
  if (existing) return existing;
  return insertSetting(db, {
    id: newId('setting'),
    livemode,
    type: input.type,
    mountLocation: input.mountLocation,
    description: input.description ?? null,
    componentDid: input.componentDid ?? null,
    active: input.active ?? false,
    settings: input.settings ?? {},
  });
}

export async function updateByMount(
  db: Db,
  mountLocation: string,
  livemode: boolean,
  settings: Record<string, unknown>,
) {
  const row = await findByMount(db, livemode, mountLocation);
  if (!row) throw ApiError.missing('settings_missing', mountLocation);
  return updateSetting(db, row.id, { settings: { ...row.settings, ...settings } });
}

export async function setActive(db: Db, id: string, active: boolean) {
  const row = await findById(db, id);
  if (!row) throw ApiError.missing('setting_missing', id);
  return updateSetting(db, id, { active });
}
