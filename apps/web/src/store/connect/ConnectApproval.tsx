import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DidConnectDialog } from '../../platform/auth/DidConnectDialog';
import { fetchConnectSession, fetchSessionUser, isDeveloper, LoadError } from './api';

/**
 * Approving one connect session (the CLI's or a studio's): shows the code to compare with the
 * terminal, then runs the `connect-cli` DID Connect action for that session. SPEC's three errors
 * appear here: invalid or expired session, connection failure, no developer NFT.
 */
export function ConnectApproval({ session, joinAvailable }: { session: string; joinAvailable: boolean }) {
  const { t, i18n } = useTranslation();
  const [dialog, setDialog] = useState(false);
  const [approved, setApproved] = useState(false);
  const info = useQuery({
    queryKey: ['store', 'connect-session', session],
    queryFn: () => fetchConnectSession(session),
    retry: false,
  });
  const user = useQuery({ queryKey: ['store', 'session-user'], queryFn: fetchSessionUser, retry: false });

  if (info.isPending || user.isPending) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 3 }}>
        <CircularProgress size={24} aria-label={t('storeConnect.session.loading')} />
        <Typography>{t('storeConnect.session.loading')}</Typography>
      </Stack>
    );
  }
  const reload = (
    <Button color="inherit" size="small" onClick={() => window.location.reload()}>
      {t('storeConnect.session.retry')}
    </Button>
  );
  if (info.isError || user.isError) {
    const invalid = info.error instanceof LoadError && info.error.reason === 'invalid';
    return (
      <Alert
        severity="error"
        role="alert"
        sx={{ mt: 3 }}
        data-testid="connect-error"
        data-reason={invalid ? 'invalid' : 'connection'}
        action={invalid ? undefined : reload}
      >
        {invalid ? t('storeConnect.session.errorInvalid') : t('storeConnect.session.errorConnection')}
      </Alert>
    );
  }
  const data = info.data;
  if (approved || (data.status === 'approved' && data.approvedByYou)) {
    return (
      <Alert severity="success" role="status" sx={{ mt: 3 }} data-testid="connect-approved">
        <Typography component="h2" sx={{ fontWeight: 600 }}>
          {t('storeConnect.session.approvedTitle')}
        </Typography>
        {t('storeConnect.session.approvedText')}
      </Alert>
    );
  }
  if (data.status === 'approved') {
    return (
      <Alert severity="error" role="alert" sx={{ mt: 3 }} data-testid="connect-error" data-reason="invalid">
        {t('storeConnect.session.errorInvalid')}
      </Alert>
    );
  }
  if (!isDeveloper(user.data)) {
    return (
      <Alert severity="error" role="alert" sx={{ mt: 3 }} data-testid="connect-error" data-reason="no-nft">
        {t('storeConnect.session.errorNoNft')}
        {joinAvailable ? (
          <>
            {' '}
            <Link component={RouterLink} to="/join">
              {t('storeConnect.session.joinLink')}
            </Link>
          </>
        ) : null}
      </Alert>
    );
  }
  const expires = new Date(data.expiresAt).toLocaleTimeString(i18n.language === 'zh' ? 'zh-CN' : 'en-US');
  return (
    <Stack spacing={2} sx={{ mt: 3, maxWidth: 560 }}>
      <Box>
        <Typography component="h2" variant="subtitle2" sx={{ color: 'text.secondary' }}>
          {t('storeConnect.session.codeLabel')}
        </Typography>
        <Typography
          data-testid="connect-code"
          sx={{ fontFamily: 'monospace', fontSize: '2rem', letterSpacing: '0.3em', fontWeight: 600 }}
        >
          {data.code}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('storeConnect.session.codeHelp')}</Typography>
      </Box>
      <Typography sx={{ color: 'text.secondary' }}>
        {t('storeConnect.session.expires', { time: expires })}
      </Typography>
      <Box>
        <Button variant="contained" data-testid="connect-approve" onClick={() => setDialog(true)}>
          {t('storeConnect.session.approve')}
        </Button>
      </Box>
      <DidConnectDialog
        open={dialog}
        action="connect-cli"
        title={t('storeConnect.session.dialogTitle')}
        params={{ session }}
        onClose={() => setDialog(false)}
        onApproved={() => {
          setDialog(false);
          setApproved(true);
        }}
      />
    </Stack>
  );
}
