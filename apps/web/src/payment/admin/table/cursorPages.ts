/** SPEC.md section 9: tables page by 10 (5 on mobile) with these choices. */
export const PAGE_SIZE = 10;
export const MOBILE_PAGE_SIZE = 5;
export const PAGE_SIZE_OPTIONS = [5, 10, 20, 50, 100];

/**
 * Cursor pagination as numbered pages: `cursors[i]` is the `starting_after` of page i (undefined for
 * the first). Moving forward records the last id of the page being left.
 */
export type Cursors = ReadonlyArray<string | undefined>;

export const FIRST_PAGE: Cursors = [undefined];

export function cursorOf(cursors: Cursors, page: number): string | undefined {
  return cursors[page];
}

/** The cursors after moving from `page` to `page + 1`, whose first row follows `lastId`. */
export function advance(cursors: Cursors, page: number, lastId: string): Cursors {
  return [...cursors.slice(0, page + 1), lastId];
}

/** Total for TablePagination: exact on the last page, -1 ("more than") while more pages follow. */
export function pageCount(page: number, pageSize: number, rowsOnPage: number, hasMore: boolean): number {
  return hasMore ? -1 : page * pageSize + rowsOnPage;
}

/** Case-insensitive match of a search text against some of a row's fields (empty search: all). */
export function matchesSearch(search: string, fields: ReadonlyArray<string | null | undefined>): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return fields.some((f) => typeof f === 'string' && f.toLowerCase().includes(needle));
}
