import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `/console/categories`: the store admin's categories. */
export function ConsoleCategoriesPage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-console-categories" title={t('store.consoleCategories.title')}>
      <EmptyState
        icon={<CategoryOutlined />}
        title={t('store.consoleCategories.emptyTitle')}
        description={t('store.consoleCategories.emptyDescription')}
      />
    </PageSection>
  );
}
