import { Alert, Box, CircularProgress, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../ui/PageSection';
import { ACCOUNT_QUERY_KEY, fetchAccount } from './accountApi';
import { ProfileCard } from './ProfileCard';
import { SessionsCard } from './SessionsCard';

/** `/.well-known/service/user`: the user centre (signed in): my profile and my signed-in browsers. */
export function ProfilePage() {
  const { t } = useTranslation();
  const account = useQuery({ queryKey: ACCOUNT_QUERY_KEY, queryFn: ({ signal }) => fetchAccount(signal) });
  return (
    <PageSection testId="page-profile" title={t('auth.account.title')} subtitle={t('auth.account.subtitle')}>
      {account.isPending ? (
        <Box sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}>
          <CircularProgress aria-label={t('platform.loading')} />
        </Box>
      ) : null}
      {account.isError ? (
        <Alert severity="error" sx={{ mt: 3 }}>
          {t('auth.account.loadFailed', { message: account.error.message })}
        </Alert>
      ) : null}
      {account.data ? (
        <Stack spacing={3} sx={{ mt: 3 }}>
          <ProfileCard key={account.data.user.did} account={account.data} />
          <SessionsCard sessions={account.data.sessions} />
        </Stack>
      ) : null}
    </PageSection>
  );
}
