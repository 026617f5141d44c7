import TerminalOutlined from '@mui/icons-material/TerminalOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `/connect-cli`: approves a connection request from the store command-line tool. */
export function ConnectCliPage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-connect-cli" title={t('store.connectCli.title')}>
      <EmptyState
        icon={<TerminalOutlined />}
        title={t('store.connectCli.emptyTitle')}
        description={t('store.connectCli.emptyDescription')}
      />
    </PageSection>
  );
}
