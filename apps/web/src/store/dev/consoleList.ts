import type { OwnedBlocklet } from '@payshelf/api';

/** Page sizes of store tables (SPEC section 9): 10 by default, 5 on a phone. */
export const PAGE_SIZES = [5, 10, 20, 50, 100];

/** The review queue's order: pending review first, then in review, then everything else. */
export function reviewRank(b: Pick<OwnedBlocklet, 'review_status'>): number {
  if (b.review_status === 'pending_review') return 0;
  if (b.review_status === 'in_review') return 1;
  return 2;
}

/** True when `query` (any case) is part of the title, name, DID or owner. */
export function matchesQuery(b: OwnedBlocklet, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [b.title, b.name, b.did, b.owner.did, b.owner.fullName].some((field) =>
    field.toLowerCase().includes(q),
  );
}

/** The rows the console shows: those matching `query`, pending reviews first (otherwise in server order). */
export function consoleRows(list: readonly OwnedBlocklet[], query: string): OwnedBlocklet[] {
  return list
    .map((b, i) => ({ b, i }))
    .filter(({ b }) => matchesQuery(b, query))
    .sort((x, y) => reviewRank(x.b) - reviewRank(y.b) || x.i - y.i)
    .map(({ b }) => b);
}

/** One page of `rows` (page 0 first); a page past the end gives the last one. */
export function pageRows<T>(rows: readonly T[], page: number, size: number): { rows: T[]; page: number } {
  const last = Math.max(0, Math.ceil(rows.length / size) - 1);
  const p = Math.min(Math.max(0, page), last);
  return { rows: rows.slice(p * size, p * size + size), page: p };
}
