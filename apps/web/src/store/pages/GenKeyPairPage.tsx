import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `/gen-key-pair`: creates the key pair a developer signs uploads with. */
export function GenKeyPairPage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-gen-key-pair" title={t('store.genKeyPair.title')}>
      <EmptyState
        icon={<VpnKeyOutlined />}
        title={t('store.genKeyPair.emptyTitle')}
        description={t('store.genKeyPair.emptyDescription')}
      />
    </PageSection>
  );
}
