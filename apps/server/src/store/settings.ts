import type { StoreSettings } from '@payshelf/api';
import { eq } from 'drizzle-orm';
import { instanceSettings } from '../db/schema/index.js';
import type { DbLike } from './context.js';

const KEY = 'store.settings';
/** Review is on until an admin turns it off. */
const DEFAULTS: StoreSettings = { reviewRequired: true };

export async function readSettings(db: DbLike): Promise<StoreSettings> {
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, KEY)).limit(1);
  const value = row?.value as Partial<StoreSettings> | undefined;
  return {
    reviewRequired:
      typeof value?.reviewRequired === 'boolean' ? value.reviewRequired : DEFAULTS.reviewRequired,
  };
}

export async function writeSettings(db: DbLike, settings: StoreSettings): Promise<StoreSettings> {
  await db
    .insert(instanceSettings)
    .values({ key: KEY, value: settings })
    .onConflictDoUpdate({ target: instanceSettings.key, set: { value: settings, updatedAt: new Date() } });
  return settings;
}
