import type { NavigationConfig } from '@payshelf/api';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { navigationConfigs } from '../../db/schema/index.js';

const ROW_ID = 'default';

export interface StoredNavigation {
  document: NavigationConfig;
  version: number;
  updatedAt: Date;
}

/** Stores the default navigation unless one is stored already (safe when processes start together). */
export async function insertDefault(db: Db, document: NavigationConfig): Promise<void> {
  await db.insert(navigationConfigs).values({ id: ROW_ID, document }).onConflictDoNothing();
}

export async function readNavigation(db: Db): Promise<StoredNavigation | null> {
  const [row] = await db
    .select({
      document: navigationConfigs.document,
      version: navigationConfigs.version,
      updatedAt: navigationConfigs.updatedAt,
    })
    .from(navigationConfigs)
    .where(eq(navigationConfigs.id, ROW_ID));
  return row ?? null;
}

export async function replaceNavigation(
  db: Db,
  document: NavigationConfig,
  updatedBy: string,
): Promise<StoredNavigation> {
  const [row] = await db
    .insert(navigationConfigs)
    .values({ id: ROW_ID, document, updatedBy })
    .onConflictDoUpdate({
      target: navigationConfigs.id,
      set: {
        document,
        updatedBy,
        version: sql`${navigationConfigs.version} + 1`,
        updatedAt: sql`now()`,
      },
    })
    .returning({
      document: navigationConfigs.document,
      version: navigationConfigs.version,
      updatedAt: navigationConfigs.updatedAt,
    });
  if (!row) throw new Error('navigation upsert returned no row');
  return row;
}
