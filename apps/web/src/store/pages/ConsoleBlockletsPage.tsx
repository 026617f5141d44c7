import { storeConsoleRoutes } from '@payshelf/api';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { Box, MenuItem, Stack, TablePagination, TextField, useMediaQuery, useTheme } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../payment/admin/table/useDebounced';
import { useLocale } from '../../platform/locale/useLocale';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';
import { AdminOnly } from '../dev/AdminOnly';
import { storeCall } from '../dev/api';
import { ConsoleBlockletCard } from '../dev/ConsoleBlockletCard';
import { consoleSearch, PAGE_SIZES } from '../dev/consoleList';
import { categoriesKey, consoleBlockletsKey } from '../dev/keys';
import { LoadState } from '../dev/LoadState';

type Filter = 'review' | 'all' | 'blocked';

function ConsoleBlocklets() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [filter, setFilter] = useState<Filter>('review');
  const [search, setSearch] = useState('');
  const query = useDebounced(search);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number | null>(null);
  const pageSize = size ?? (phone ? 5 : 10);
  const trimmed = query.trim();
  // The server filters, searches and pages (pending reviews first); the page asks for one page at a time.
  const list = useQuery({
    queryKey: [...consoleBlockletsKey, filter, trimmed, page, pageSize],
    queryFn: ({ signal }) =>
      storeCall(
        storeConsoleRoutes.list,
        {
          query: Object.fromEntries(
            new URLSearchParams(consoleSearch({ filter, q: trimmed, page, pageSize })),
          ),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const categories = useQuery({
    queryKey: categoriesKey,
    queryFn: ({ signal }) => storeCall(storeConsoleRoutes.categories, {}, signal),
    retry: false,
  });
  const rows = list.data?.dataList ?? [];
  const total = list.data?.total ?? 0;
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2 }}>
        <TextField
          select
          size="small"
          label={t('store.dev.console.filterLabel')}
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value as Filter);
            setPage(0);
          }}
          sx={{ minWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'console-filter' } }}
        >
          {(['review', 'all', 'blocked'] as const).map((f) => (
            <MenuItem key={f} value={f}>
              {t(`store.dev.console.filters.${f}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="search"
          label={t('store.dev.console.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'console-search' } }}
        />
      </Stack>
      <LoadState query={list}>
        {rows.length === 0 ? (
          <EmptyState
            icon={<FactCheckOutlined />}
            title={
              trimmed
                ? t('store.dev.console.noMatch')
                : filter === 'review'
                  ? t('store.dev.console.emptyQueue')
                  : t('store.consoleBlocklets.emptyTitle')
            }
            description={t('store.consoleBlocklets.emptyDescription')}
          />
        ) : (
          <Stack spacing={2}>
            {rows.map((b) => (
              <ConsoleBlockletCard
                key={b.did}
                blocklet={b}
                categories={categories.data?.dataList ?? []}
                locale={locale}
              />
            ))}
            <Box>
              <TablePagination
                component="div"
                count={total}
                page={Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
                rowsPerPage={pageSize}
                rowsPerPageOptions={PAGE_SIZES}
                onPageChange={(_e, next) => setPage(next)}
                onRowsPerPageChange={(e) => {
                  setSize(Number(e.target.value));
                  setPage(0);
                }}
                labelRowsPerPage={t('store.dev.console.rowsPerPage')}
                labelDisplayedRows={({ from, to, count }) =>
                  t('store.dev.console.pageOf', { from, to, count })
                }
              />
            </Box>
          </Stack>
        )}
      </LoadState>
    </>
  );
}

/** `/console/blocklets`: the review queue (pending first) and every application, for store admins. */
export function ConsoleBlockletsPage() {
  const { t } = useTranslation();
  return (
    <AdminOnly>
      <PageSection testId="page-console-blocklets" title={t('store.consoleBlocklets.title')}>
        <ConsoleBlocklets />
      </PageSection>
    </AdminOnly>
  );
}
