import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useDebounced } from '../../payment/admin/table/useDebounced';
import { fetchCategories, fetchList } from './api';
import { listHref, readListState, type ListState } from './listState';

/** SPEC.md section 9: lists show 10 rows a page, 5 on a phone. */
export const PAGE_SIZE = 10;
export const PAGE_SIZE_MOBILE = 5;

/**
 * The list page's state: what the address says, the search box's text (the address follows it 300 ms
 * after the last key, so the list searches as you type), the categories and the current page of results.
 */
export function useListPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const state = readListState(search, params.category);
  const theme = useTheme();
  const pageSize = useMediaQuery(theme.breakpoints.down('sm')) ? PAGE_SIZE_MOBILE : PAGE_SIZE;

  const [text, setText] = useState(state.q);
  const debounced = useDebounced(text);
  const pushed = useRef(state.q);
  /** Our address for a state, keeping `?locale=` (the locale provider keeps it in step). */
  const href = (next: ListState) => {
    const target = listHref(next);
    const locale = search.get('locale');
    if (!locale) return target;
    return `${target}${target.includes('?') ? '&' : '?'}locale=${encodeURIComponent(locale)}`;
  };

  const searchFor = useEffectEvent((q: string) => {
    if (q === state.q) return;
    pushed.current = q;
    void navigate(href({ ...state, q, page: 1, sort: '' }), { replace: true });
  });
  useEffect(() => searchFor(debounced.trim()), [debounced]);

  // The address changed from elsewhere (the header's search, back/forward): the box shows it.
  useEffect(() => {
    if (state.q !== pushed.current) {
      pushed.current = state.q;
      setText(state.q);
    }
  }, [state.q]);

  const change = (next: Partial<ListState>) => void navigate(href({ ...state, ...next }));

  const categories = useQuery({
    queryKey: ['store', 'categories'],
    queryFn: ({ signal }) => fetchCategories(signal),
    staleTime: 60_000,
  });
  const list = useQuery({
    queryKey: ['store', 'list', state, pageSize],
    queryFn: ({ signal }) => fetchList(state, pageSize, signal),
    placeholderData: keepPreviousData,
  });
  return { state, text, setText, change, categories: categories.data ?? [], list, pageSize };
}
