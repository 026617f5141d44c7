/** Page sizes of store tables (SPEC section 9): 10 by default, 5 on a phone. */
export const PAGE_SIZES = [5, 10, 20, 50, 100];

export interface ConsoleListState {
  filter: 'review' | 'all' | 'blocked';
  q: string;
  /** The table's page, 0 first (the API counts from 1). */
  page: number;
  pageSize: number;
}

/** The query string of `/api/console/blocklets` for the table's state (an empty search is left out). */
export function consoleSearch(state: ConsoleListState): string {
  const params = new URLSearchParams({ filter: state.filter });
  if (state.q.trim()) params.set('q', state.q.trim());
  params.set('page', String(state.page + 1));
  params.set('pageSize', String(state.pageSize));
  return params.toString();
}
