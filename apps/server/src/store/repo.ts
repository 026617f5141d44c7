import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  storeBlocklets,
  storeCategories,
  storeDownloadsDaily,
  storeReviewComments,
  storeVersions,
  users,
  type StoreBlockletRow,
  type StoreCategoryRow,
  type StoreVersionRow,
} from '../db/schema/index.js';
import type { DbLike } from './context.js';

export type { StoreBlockletRow, StoreCategoryRow, StoreVersionRow };

/** An application with what its views show: owner name, category and current version. */
export interface BlockletView {
  row: StoreBlockletRow;
  ownerName: string;
  category: StoreCategoryRow | null;
  current: StoreVersionRow | null;
}

export async function findBlocklet(db: DbLike, did: string, lock = false): Promise<StoreBlockletRow | null> {
  const q = db.select().from(storeBlocklets).where(eq(storeBlocklets.did, did)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findBlockletByName(db: DbLike, name: string): Promise<StoreBlockletRow | null> {
  const [row] = await db.select().from(storeBlocklets).where(eq(storeBlocklets.name, name)).limit(1);
  return row ?? null;
}

export async function versionsOf(db: DbLike, blockletId: string): Promise<StoreVersionRow[]> {
  return db
    .select()
    .from(storeVersions)
    .where(eq(storeVersions.blockletId, blockletId))
    .orderBy(desc(storeVersions.createdAt));
}

export async function findVersion(
  db: DbLike,
  blockletId: string,
  version: string,
  lock = false,
): Promise<StoreVersionRow | null> {
  const q = db
    .select()
    .from(storeVersions)
    .where(and(eq(storeVersions.blockletId, blockletId), eq(storeVersions.version, version)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function versionById(db: DbLike, id: string | null): Promise<StoreVersionRow | null> {
  if (!id) return null;
  const [row] = await db.select().from(storeVersions).where(eq(storeVersions.id, id)).limit(1);
  return row ?? null;
}

/** Views of `rows` in their order, with owners, categories and current versions loaded in three queries. */
export async function viewsOf(db: DbLike, rows: StoreBlockletRow[]): Promise<BlockletView[]> {
  if (rows.length === 0) return [];
  const owners = await db
    .select({ did: users.did, fullName: users.fullName })
    .from(users)
    .where(
      inArray(
        users.did,
        rows.map((r) => r.ownerDid),
      ),
    );
  const categoryIds = rows.map((r) => r.categoryId).filter((id): id is string => id !== null);
  const categories = categoryIds.length
    ? await db.select().from(storeCategories).where(inArray(storeCategories.id, categoryIds))
    : [];
  const currentIds = rows.map((r) => r.currentVersionId).filter((id): id is string => id !== null);
  const currents = currentIds.length
    ? await db.select().from(storeVersions).where(inArray(storeVersions.id, currentIds))
    : [];
  return rows.map((row) => ({
    row,
    ownerName: owners.find((o) => o.did === row.ownerDid)?.fullName ?? '',
    category: categories.find((c) => c.id === row.categoryId) ?? null,
    current: currents.find((v) => v.id === row.currentVersionId) ?? null,
  }));
}

/** Applications anyone may see: a published version, not blocked, public. */
export const LISTED = sql`${storeBlocklets.currentVersionId} IS NOT NULL AND ${storeBlocklets.status} = 'normal' AND ${storeBlocklets.permission} = 'public'`;

/** Counts one download: the application's total and today's (UTC) row. */
export async function countDownload(db: DbLike, blockletId: string): Promise<void> {
  await db
    .update(storeBlocklets)
    .set({ downloads: sql`${storeBlocklets.downloads} + 1` })
    .where(eq(storeBlocklets.id, blockletId));
  await db
    .insert(storeDownloadsDaily)
    .values({ blockletId, day: sql`(now() AT TIME ZONE 'UTC')::date`, count: 1 })
    .onConflictDoUpdate({
      target: [storeDownloadsDaily.blockletId, storeDownloadsDaily.day],
      set: { count: sql`${storeDownloadsDaily.count} + 1` },
    });
}

export async function commentsOf(db: DbLike, versionIds: string[]) {
  if (versionIds.length === 0) return [];
  return db
    .select()
    .from(storeReviewComments)
    .where(inArray(storeReviewComments.versionId, versionIds))
    .orderBy(asc(storeReviewComments.createdAt), asc(storeReviewComments.id));
}

/** Downloads per UTC day over the last `days` days (days without downloads are left out). */
export async function downloadsByDay(db: DbLike, blockletId: string, days: number) {
  return db
    .select({ day: storeDownloadsDaily.day, count: storeDownloadsDaily.count })
    .from(storeDownloadsDaily)
    .where(
      and(
        eq(storeDownloadsDaily.blockletId, blockletId),
        sql`${storeDownloadsDaily.day} > (now() AT TIME ZONE 'UTC')::date - ${days}::int`,
      ),
    )
    .orderBy(asc(storeDownloadsDaily.day));
}
