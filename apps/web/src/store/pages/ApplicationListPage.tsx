import AppsOutlined from '@mui/icons-material/AppsOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `/` lists everything, `/search?q=` the matches of a query, `/category/:category` one category. */
export type ApplicationListVariant = 'home' | 'search' | 'category';

/** The store's application list. Until the catalog is wired in it shows the empty state. */
export function ApplicationListPage({ variant }: { variant: ApplicationListVariant }) {
  const { t } = useTranslation();
  const { category = '' } = useParams();
  const [searchParams] = useSearchParams();
  const query = searchParams.get('q')?.trim() ?? '';

  const browseAll = (
    <Button component={RouterLink} to="/" variant="outlined">
      {t('store.list.browseAll')}
    </Button>
  );

  if (variant === 'search') {
    return (
      <PageSection
        testId="page-search"
        title={t('store.list.title')}
        subtitle={query ? t('store.list.searchSubtitle', { query }) : t('store.list.searchSubtitleEmpty')}
      >
        <EmptyState
          icon={<SearchOffOutlined />}
          title={t('store.list.noMatchTitle')}
          description={t('store.list.noMatchDescription')}
          action={browseAll}
        />
      </PageSection>
    );
  }

  if (variant === 'category') {
    return (
      <PageSection
        testId="page-category"
        title={t('store.list.title')}
        subtitle={t('store.list.categorySubtitle', { category })}
      >
        <EmptyState
          icon={<AppsOutlined />}
          title={t('store.list.emptyCategoryTitle')}
          description={t('store.list.emptyCategoryDescription')}
          action={browseAll}
        />
      </PageSection>
    );
  }

  return (
    <PageSection testId="page-home" title={t('store.list.title')}>
      <EmptyState
        icon={<AppsOutlined />}
        title={t('store.list.emptyTitle')}
        description={t('store.list.emptyDescription')}
      />
    </PageSection>
  );
}
