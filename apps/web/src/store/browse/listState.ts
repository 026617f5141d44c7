/** What the application list shows, read from and written to the address (so it can be shared). */
export interface ListState {
  q: string;
  category: string;
  price: '' | 'free' | 'paid';
  sort: '' | 'relevance' | 'downloads' | 'updated' | 'title';
  page: number;
}

const PRICES = ['free', 'paid'] as const;
const SORTS = ['relevance', 'downloads', 'updated', 'title'] as const;

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | '' =>
  list.find((x) => x === v) ?? '';

/** The state of `/`, `/search?q=` or `/category/{category}` with its query parameters. */
export function readListState(search: URLSearchParams, pathCategory?: string): ListState {
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return {
    q: search.get('q')?.trim() ?? '',
    category: pathCategory ?? search.get('category') ?? '',
    price: oneOf(PRICES, search.get('price')),
    sort: oneOf(SORTS, search.get('sort')),
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

/**
 * The address of a state: `/search?q=…` while there is a query, else `/category/{category}` for a
 * category, else `/`; the other choices as query parameters, defaults left out.
 */
export function listHref(state: ListState): string {
  const params = new URLSearchParams();
  let path = '/';
  if (state.q) {
    path = '/search';
    params.set('q', state.q);
    if (state.category) params.set('category', state.category);
  } else if (state.category) {
    path = `/category/${encodeURIComponent(state.category)}`;
  }
  if (state.price) params.set('price', state.price);
  if (state.sort && !(state.sort === 'relevance' && state.q)) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The query string of `GET /api/blocklets.json` for a state. */
export function listSearch(state: ListState, pageSize: number): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.category) params.set('category', state.category);
  if (state.price) params.set('price', state.price);
  if (state.sort && !(state.sort === 'relevance' && !state.q)) params.set('sort', state.sort);
  params.set('page', String(state.page));
  params.set('pageSize', String(pageSize));
  return params.toString();
}
