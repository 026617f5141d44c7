import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `/console/blocklets`: the store admin's application list (review, block, unblock). */
export function ConsoleBlockletsPage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-console-blocklets" title={t('store.consoleBlocklets.title')}>
      <EmptyState
        icon={<FactCheckOutlined />}
        title={t('store.consoleBlocklets.emptyTitle')}
        description={t('store.consoleBlocklets.emptyDescription')}
      />
    </PageSection>
  );
}
