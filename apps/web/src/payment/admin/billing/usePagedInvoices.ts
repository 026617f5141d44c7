import { useMediaQuery, useTheme } from '@mui/material';
import { billingRoutes } from '@payshelf/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdmin } from '../AdminContext';
import type { QueryValue } from '../api/client';
import { adminKey } from '../api/keys';
import { MOBILE_PAGE_SIZE, PAGE_SIZE } from '../table/cursorPages';
import type { Pagination } from '../table/useCursorList';

/**
 * One page of `GET /invoices` (page, pageSize, count: SPEC §7). Changing the filters or the page size
 * starts again at the first page.
 */
export function usePagedInvoices(filters: Record<string, QueryValue>) {
  const admin = useAdmin();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('sm'));
  const [chosenSize, setChosenSize] = useState<number | null>(null);
  const pageSize = chosenSize ?? (mobile ? MOBILE_PAGE_SIZE : PAGE_SIZE);
  const scope = JSON.stringify([filters, pageSize, admin.livemode]);
  const [state, setState] = useState({ scope, page: 0 });
  const page = state.scope === scope ? state.page : 0;
  const query = { ...filters, page: page + 1, pageSize };
  const list = useQuery({
    queryKey: adminKey('invoices', admin.livemode, 'page', query),
    queryFn: ({ signal }) => admin.call(billingRoutes.invoices, { query }, signal),
    placeholderData: keepPreviousData,
  });
  const pagination: Pagination = {
    page,
    pageSize,
    count: list.data?.count ?? 0,
    onPageChange: (p) => setState({ scope, page: p }),
    onPageSizeChange: (size) => setChosenSize(size),
  };
  return { rows: list.data?.list ?? [], list, pagination };
}
