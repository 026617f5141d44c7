import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `/join`: developer registration by staking (registered only in staking permission mode). */
export function JoinPage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-join" title={t('store.join.title')}>
      <EmptyState
        icon={<HowToRegOutlined />}
        title={t('store.join.emptyTitle')}
        description={t('store.join.emptyDescription')}
      />
    </PageSection>
  );
}
