import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `/profile`: the signed-in user's purchases and developer details. */
export function ProfilePage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-profile" title={t('store.profile.title')}>
      <EmptyState
        icon={<AccountCircleOutlined />}
        title={t('store.profile.emptyTitle')}
        description={t('store.profile.emptyDescription')}
      />
    </PageSection>
  );
}
