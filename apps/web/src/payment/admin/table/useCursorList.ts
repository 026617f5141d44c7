import { useMediaQuery, useTheme } from '@mui/material';
import { listOf } from '@payshelf/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { useAdmin } from '../AdminContext';
import { apiRequest, type QueryValue } from '../api/client';
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

/**
 * One page of a merchant list (`GET {resource}`) in the current mode. Changing the filters or the
 * page size starts again at the first page.
 */
export function useCursorList<T extends z.ZodType<{ id: string }>>(
  resource: string,
  item: T,
  filters: Record<string, QueryValue> = {},
) {
  const admin = useAdmin();
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
    queryFn: ({ signal }) =>
      apiRequest(listOf(item), admin.url(`/${resource}`, query), 'GET', undefined, signal),
    placeholderData: keepPreviousData,
  });
  const rows: Array<z.infer<T>> = list.data?.data ?? [];
  const pagination: Pagination = {
    page: current.page,
    pageSize,
    count: pageCount(current.page, pageSize, rows.length, list.data?.has_more ?? false),
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
