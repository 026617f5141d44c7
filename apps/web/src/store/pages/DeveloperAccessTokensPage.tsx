import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `/developer/access-tokens`: tokens the command-line tool uploads with. */
export function DeveloperAccessTokensPage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-developer-access-tokens" title={t('store.accessTokens.title')}>
      <EmptyState
        icon={<KeyOutlined />}
        title={t('store.accessTokens.emptyTitle')}
        description={t('store.accessTokens.emptyDescription')}
      />
    </PageSection>
  );
}
