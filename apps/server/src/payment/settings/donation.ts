// Donation setting records (table payment_settings, type donate), one per mount location. A donation
// payment link's record is keyed by the link's id: while that record exists and is inactive, the
// link's donations are refused ('Donation feature is not enabled'); a link without a record donates
// with its own donation_settings. Saving a record's settings also writes the amounts and beneficiaries
// to that link, so the checkout and the server's amount checks use what the owner configured.
import type { z } from 'zod';
import type { donationSettingValues } from '@payshelf/api';
import { and, desc, eq } from 'drizzle-orm';
import { paymentLinks, paymentSettings } from '../../db/schema/index.js';
import { ApiError } from '../../core/http/errors.js';
import type { DbLike } from '../shared/db.js';
import { findByMount, type SettingRow } from './repo.js';
import { serializeSetting } from './service.js';

type Values = z.infer<typeof donationSettingValues>;

export async function listDonationSettings(db: DbLike, livemode: boolean) {
  const rows = await db
    .select()
    .from(paymentSettings)
    .where(and(eq(paymentSettings.livemode, livemode), eq(paymentSettings.type, 'donate')))
    .orderBy(desc(paymentSettings.createdAt), desc(paymentSettings.id))
    .limit(100);
  return rows.map(serializeSetting);
}

export async function lookupDonationSetting(db: DbLike, livemode: boolean, mountLocation: string) {
  const row = await findByMount(db, livemode, mountLocation, 'donate');
  return row ? serializeSetting(row) : null;
}

export async function updateDonationSetting(
  db: DbLike,
  id: string,
  livemode: boolean,
  values: Values,
): Promise<SettingRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentSettings)
      .where(and(eq(paymentSettings.id, id), eq(paymentSettings.livemode, livemode)))
      .for('update');
    if (!row || row.type !== 'donate') throw ApiError.missing('donation_setting_missing', id);
    await tx
      .update(paymentLinks)
      .set({
        donationSettings: { amount: values.amount, beneficiaries: values.beneficiaries },
        updatedAt: new Date(),
      })
      .where(and(eq(paymentLinks.id, row.mountLocation), eq(paymentLinks.livemode, livemode)));
    const [saved] = await tx
      .update(paymentSettings)
      .set({ settings: values, updatedAt: new Date() })
      .where(eq(paymentSettings.id, id))
      .returning();
    if (!saved) throw new Error('setting vanished');
    return saved;
  });
}

/** Refuses a donation to a link whose donation setting record exists and is not active. */
export async function assertDonationEnabled(db: DbLike, livemode: boolean, paymentLinkId: string | null) {
  if (!paymentLinkId) return;
  const row = await findByMount(db, livemode, paymentLinkId, 'donate');
  if (row && !row.active) {
    throw ApiError.of('DONATION_NOT_ENABLED', {});
  }
}
