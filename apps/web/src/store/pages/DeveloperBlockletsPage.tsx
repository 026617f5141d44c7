import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `/developer/blocklets`: the applications the developer publishes. */
export function DeveloperBlockletsPage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-developer-blocklets" title={t('store.developerBlocklets.title')}>
      <EmptyState
        icon={<Inventory2Outlined />}
        title={t('store.developerBlocklets.emptyTitle')}
        description={t('store.developerBlocklets.emptyDescription')}
      />
    </PageSection>
  );
}
