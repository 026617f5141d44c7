import { and, eq } from 'drizzle-orm';
import { paymentSettings } from '../../db/schema/index.js';
import type { DbLike as Db } from '../shared/db.js';

export type SettingRow = typeof paymentSettings.$inferSelect;

export async function findByMount(
  db: Db,
  livemode: boolean,
  mountLocation: string,
  type?: SettingRow['type'],
) {
  const [row] = await db
    .select()
    .from(paymentSettings)
    .where(
      and(
        eq(paymentSettings.livemode, livemode),
        eq(paymentSettings.mountLocation, mountLocation),
        type ? eq(paymentSettings.type, type) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findById(db: Db, id: string): Promise<SettingRow | null> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, id)).limit(1);
  return row ?? null;
}

export async function insertSetting(db: Db, row: typeof paymentSettings.$inferInsert): Promise<SettingRow> {
  const [created] = await db.insert(paymentSettings).values(row).returning();
  if (!created) throw new Error('insert failed');
  return created;
}

export async function updateSetting(
  db: Db,
  id: string,
  set: Partial<typeof paymentSettings.$inferInsert>,
): Promise<SettingRow> {
  const [row] = await db
    .update(paymentSettings)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(paymentSettings.id, id))
    .returning();
  if (!row) throw new Error('setting vanished');
  return row;
}
