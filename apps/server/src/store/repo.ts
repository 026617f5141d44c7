import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
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

/**
 * Applications with what their views show, in one statement: owner name, category and current version
 * joined to each row, and `total` (a scalar the caller may give, e.g. a count of matches; 0 without).
 * Callers add the condition, order and page.
 */
export function viewSelect(db: DbLike, total: SQL = sql`0`) {
  return db
    .select({
      row: storeBlocklets,
      ownerName: users.fullName,
      category: storeCategories,
      current: storeVersions,
      total: sql<number>`${total}`.mapWith(Number),
    })
    .from(storeBlocklets)
    .leftJoin(users, eq(users.did, storeBlocklets.ownerDid))
    .leftJoin(storeCategories, eq(storeCategories.id, storeBlocklets.categoryId))
    .leftJoin(storeVersions, eq(storeVersions.id, storeBlocklets.currentVersionId));
}

/** A joined row of `viewSelect` as a view. */
export function toView(joined: {
  row: StoreBlockletRow;
  ownerName: string | null;
  category: StoreCategoryRow | null;
  current: StoreVersionRow | null;
}): BlockletView {
  return {
    row: joined.row,
    ownerName: joined.ownerName ?? '',
    category: joined.category,
    current: joined.current,
  };
}

function prepareViewByDid(db: DbLike) {
  return viewSelect(db)
    .where(eq(storeBlocklets.did, sql.placeholder('did')))
    .limit(1)
    .prepare('store_view_by_did');
}
/** The detail's statement, built once per database handle (a named prepared statement in PostgreSQL). */
const viewByDidStatements = new WeakMap<DbLike, ReturnType<typeof prepareViewByDid>>();

/** The view of the application `did`, or null (one statement). */
export async function viewByDid(db: DbLike, did: string): Promise<BlockletView | null> {
  let statement = viewByDidStatements.get(db);
  if (!statement) {
    statement = prepareViewByDid(db);
    viewByDidStatements.set(db, statement);
  }
  const [joined] = await statement.execute({ did });
  return joined ? toView(joined) : null;
}

/** Views of `rows` in their order, with owners, categories and current versions loaded in one query. */
export async function viewsOf(db: DbLike, rows: StoreBlockletRow[]): Promise<BlockletView[]> {
  if (rows.length === 0) return [];
  const joined = await viewSelect(db).where(
    inArray(
      storeBlocklets.id,
      rows.map((r) => r.id),
    ),
  );
  const byId = new Map(joined.map((j) => [j.row.id, j]));
  // The given rows are kept as they are (a caller may hold a row it just changed).
  return rows.map((row) => {
    const j = byId.get(row.id);
    return {
      row,
      ownerName: j?.ownerName ?? '',
      category: j?.category ?? null,
      current: j?.current ?? null,
    };
  });
}

/** Every version of each of `blockletIds` (newest first), in one query. */
export async function versionsOfMany(
  db: DbLike,
  blockletIds: string[],
): Promise<Map<string, StoreVersionRow[]>> {
  const out = new Map<string, StoreVersionRow[]>(blockletIds.map((id) => [id, []]));
  if (blockletIds.length === 0) return out;
  const rows = await db
    .select()
    .from(storeVersions)
    .where(inArray(storeVersions.blockletId, blockletIds))
    .orderBy(desc(storeVersions.createdAt));
  for (const row of rows) out.get(row.blockletId)?.push(row);
  return out;
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
