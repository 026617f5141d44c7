import AppsOutlined from '@mui/icons-material/AppsOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { Alert, Box, Button, Card, Pagination, Skeleton, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLocale } from '../../platform/locale/useLocale';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';
import { AppCard } from '../browse/AppCard';
import { ListControls } from '../browse/ListControls';
import { useListPage } from '../browse/useListPage';

/** `/` lists everything, `/search?q=` the matches of a query, `/category/:category` one category. */
export type ApplicationListVariant = 'home' | 'search' | 'category';

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, p: 0, m: 0 };

/** The store's application list: search as you type, category, price and sort, pages of cards. */
export function ApplicationListPage({ variant }: { variant: ApplicationListVariant }) {
  const { t, i18n } = useTranslation();
  const { locale } = useLocale();
  const { state, text, setText, change, categories, list, pageSize } = useListPage();
  const categoryLabel = categories.find((c) => c.name === state.category)?.locales[locale] ?? state.category;
  const subtitle =
    variant === 'search'
      ? state.q
        ? t('store.list.searchSubtitle', { query: state.q })
        : t('store.list.searchSubtitleEmpty')
      : variant === 'category'
        ? t('store.list.categorySubtitle', { category: categoryLabel })
        : undefined;
  const data = list.data;
  // A capped total ("1,000+") always reaches past the current page: one more page stays reachable.
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize) + (data.totalExact ? 0 : 1)) : 1;
  const filtered = Boolean(state.q || state.price || (variant !== 'category' && state.category));

  let body;
  if (list.isError && !data) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            {t('store.browse.retry')}
          </Button>
        }
      >
        {t('store.browse.loadFailed')}
      </Alert>
    );
  } else if (!data) {
    body = (
      <Box aria-busy="true">
        <Box sx={visuallyHidden} role="status">
          {t('store.browse.loading')}
        </Box>
        <Box sx={GRID} data-testid="list-skeleton">
          {Array.from({ length: 4 }, (_, i) => (
            <Card key={i} variant="outlined" sx={{ p: 2 }}>
              <Stack direction="row" spacing={2}>
                <Skeleton variant="rounded" width={56} height={56} />
                <Box sx={{ flex: 1 }}>
                  <Skeleton width="50%" />
                  <Skeleton />
                  <Skeleton width="70%" />
                </Box>
              </Stack>
            </Card>
          ))}
        </Box>
      </Box>
    );
  } else if (data.total === 0) {
    body = filtered ? (
      <EmptyState
        icon={<SearchOffOutlined />}
        title={t('store.list.noMatchTitle')}
        description={t('store.list.noMatchDescription')}
        action={
          <Button component={RouterLink} to="/" variant="outlined">
            {t('store.list.browseAll')}
          </Button>
        }
      />
    ) : variant === 'category' ? (
      <EmptyState
        icon={<AppsOutlined />}
        title={t('store.list.emptyCategoryTitle')}
        description={t('store.list.emptyCategoryDescription')}
        action={
          <Button component={RouterLink} to="/" variant="outlined">
            {t('store.list.browseAll')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<AppsOutlined />}
        title={t('store.list.emptyTitle')}
        description={t('store.list.emptyDescription')}
      />
    );
  } else {
    body = (
      <>
        <Box
          component="ul"
          sx={{ ...GRID, opacity: list.isPlaceholderData ? 0.6 : 1 }}
          data-testid="app-list"
        >
          {data.dataList.map((app) => (
            <AppCard key={app.did} app={app} />
          ))}
        </Box>
        {pages > 1 ? (
          <Pagination
            sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
            count={pages}
            page={Math.min(state.page, pages)}
            onChange={(_, page) => change({ page })}
            getItemAriaLabel={(type, page) =>
              type === 'page'
                ? t('store.browse.pageN', { page })
                : type === 'next'
                  ? t('store.browse.nextPage')
                  : type === 'previous'
                    ? t('store.browse.previousPage')
                    : type === 'first'
                      ? t('store.browse.firstPage')
                      : t('store.browse.lastPage')
            }
            aria-label={t('store.browse.pagination')}
          />
        ) : null}
      </>
    );
  }

  return (
    <PageSection testId={`page-${variant}`} title={t('store.list.title')} subtitle={subtitle}>
      <ListControls text={text} onText={setText} state={state} categories={categories} onChange={change} />
      <Typography
        role="status"
        variant="body2"
        data-testid="result-count"
        sx={{ color: 'text.secondary', mb: 2, minHeight: '1.5em' }}
      >
        {data
          ? t(data.totalExact ? 'store.browse.results' : 'store.browse.resultsMore', {
              count: data.total,
              // Grouped the visitor's way (1,000 / 1,000): the count itself only picks the plural form.
              total: new Intl.NumberFormat(i18n.language).format(data.total),
            })
          : ''}
      </Typography>
      {body}
    </PageSection>
  );
}
