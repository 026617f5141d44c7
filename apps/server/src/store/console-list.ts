import type { ConsoleListQuery } from '@payshelf/api';
import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import { storeBlocklets, storeVersions, users } from '../db/schema/index.js';
import type { DbLike } from './context.js';
import type { StoreBlockletRow } from './repo.js';

/** `text` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The console's haystack: title, name, DID and owner DID in lower case, the expression the trigram
 * index `store_blocklets_console_trgm` is built on (so a search of 3+ characters reads the index).
 */
const HAYSTACK = sql`lower(${storeBlocklets.title} || ' ' || ${storeBlocklets.name} || ' ' || ${storeBlocklets.did} || ' ' || ${storeBlocklets.ownerDid})`;

/** Review state first: pending review 0, in review 1, anything else 2. */
const REVIEW_RANK = sql`CASE (SELECT ${storeVersions.status} FROM ${storeVersions} WHERE ${storeVersions.id} = ${storeBlocklets.reviewVersionId}) WHEN 'pending_review' THEN 0 WHEN 'in_review' THEN 1 ELSE 2 END`;

/**
 * One page of every application for the admin console: filtered (review queue, blocked), searched
 * (title, name, DID, owner DID or owner name, any case), pending reviews first then the most recently
 * updated, with the exact total of matches.
 */
export async function consolePage(
  db: DbLike,
  query: ConsoleListQuery,
): Promise<{ rows: StoreBlockletRow[]; total: number }> {
  const where: SQL[] = [];
  if (query.filter === 'review') {
    where.push(
      sql`${storeBlocklets.id} IN (SELECT ${storeVersions.blockletId} FROM ${storeVersions} WHERE ${storeVersions.status} IN ('pending_review', 'in_review'))`,
    );
  }
  if (query.filter === 'blocked') where.push(sql`${storeBlocklets.status} = 'blocked'`);
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.push(
      sql`(${HAYSTACK} LIKE ${pattern} OR ${storeBlocklets.ownerDid} IN (SELECT ${users.did} FROM ${users} WHERE lower(${users.fullName}) LIKE ${pattern}))`,
    );
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const rows = await db
    .select()
    .from(storeBlocklets)
    .where(condition)
    .orderBy(REVIEW_RANK, desc(storeBlocklets.updatedAt), asc(storeBlocklets.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(storeBlocklets)
    .where(condition);
  return { rows, total: count?.n ?? 0 };
}
