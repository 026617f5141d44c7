import LinkOutlined from '@mui/icons-material/LinkOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `/connect-studio`: links the studio to the developer account. */
export function ConnectStudioPage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-connect-studio" title={t('store.connectStudio.title')}>
      <EmptyState
        icon={<LinkOutlined />}
        title={t('store.connectStudio.emptyTitle')}
        description={t('store.connectStudio.emptyDescription')}
      />
    </PageSection>
  );
}
