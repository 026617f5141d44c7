import { useMediaQuery, useTheme } from '@mui/material';
import { fillPath, type AnswerOf, type AnyRoute, type CallInput } from '@payshelf/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdmin } from '../AdminContext';
import type { QueryValue } from '../api/client';
import { adminKey } from '../api/keys';
import {
  advance,
  cursorOf,
  FIRST_PAGE,
  MOBILE_PAGE_SIZE,
  PAGE_SIZE,
  pageCount,
  type Cursors,
} from './cursorPages';

export interface Pagination {
  page: number;
  pageSize: number;
  count: number;
  onPageChange(page: number): void;
  onPageSizeChange(size: number): void;
}

/** The objects of a list entry's answer (one page: `{ data, has_more }`). */
type RowOf<E extends AnyRoute> =
  AnswerOf<E> extends { data: Array<infer R extends { id: string }> } ? R : never;

/**
 * One page of a merchant list (a list entry of the route table, e.g. `GET /products`) in the current
 * mode. Changing the filters or the page size starts again at the first page.
 */
export function useCursorList<E extends AnyRoute>(
  entry: E,
  filters: Record<string, QueryValue> = {},
  params: Record<string, string> = {},
) {
  const admin = useAdmin();
  const resource = fillPath(entry.path, params).slice(1);
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('sm'));
  const [chosenSize, setChosenSize] = useState<number | null>(null);
  const pageSize = chosenSize ?? (mobile ? MOBILE_PAGE_SIZE : PAGE_SIZE);
  const scope = JSON.stringify([filters, pageSize, admin.livemode]);
  const [state, setState] = useState<{ scope: string; page: number; cursors: Cursors }>({
    scope,
    page: 0,
    cursors: FIRST_PAGE,
  });
  const current = state.scope === scope ? state : { scope, page: 0, cursors: FIRST_PAGE };
  const query = { ...filters, limit: pageSize, starting_after: cursorOf(current.cursors, current.page) };
  const list = useQuery({
    queryKey: adminKey(resource, admin.livemode, query),
    queryFn: ({ signal }) => admin.call(entry, { params, query } as unknown as CallInput<E>, signal),
    placeholderData: keepPreviousData,
  });
  const page = list.data as { data: Array<RowOf<E>>; has_more: boolean } | undefined;
  const rows = page?.data ?? [];
  const pagination: Pagination = {
    page: current.page,
    pageSize,
    count: pageCount(current.page, pageSize, rows.length, page?.has_more ?? false),
    onPageChange: (page) => {
      if (page === current.page + 1) {
        const last = rows[rows.length - 1];
        if (last) setState({ scope, page, cursors: advance(current.cursors, current.page, last.id) });
      } else if (page < current.page) {
        setState({ scope, page, cursors: current.cursors });
      }
    },
    onPageSizeChange: (size) => setChosenSize(size),
  };
  return { rows, list, pagination };
}
