import TerminalOutlined from '@mui/icons-material/TerminalOutlined';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isStakingMode } from '../../platform/config/appConfig';
import { useAppConfig } from '../../platform/config/useAppConfig';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';
import { ConnectApproval } from '../connect/ConnectApproval';

/**
 * `/connect-cli?session=…` (and `/connect-studio`, same handoff): approves a connection request from
 * the store's command-line tool, which then receives an access token encrypted to its own key.
 */
export function ConnectCliPage({ kind = 'connectCli' }: { kind?: 'connectCli' | 'connectStudio' }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const config = useAppConfig();
  const session = search.get('session');
  return (
    <PageSection
      testId={kind === 'connectCli' ? 'page-connect-cli' : 'page-connect-studio'}
      title={t(`storeConnect.${kind}.title`)}
    >
      {session ? (
        <>
          <Typography sx={{ mt: 2, maxWidth: 720 }}>{t(`storeConnect.${kind}.intro`)}</Typography>
          <ConnectApproval session={session} joinAvailable={config ? isStakingMode(config) : false} />
        </>
      ) : (
        <EmptyState
          icon={<TerminalOutlined />}
          title={t(`storeConnect.${kind}.emptyTitle`)}
          description={t(`storeConnect.${kind}.emptyDescription`)}
        />
      )}
    </PageSection>
  );
}
