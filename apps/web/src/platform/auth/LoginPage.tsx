import { Box, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { HEADER_SESSION_QUERY_KEY, useHeaderSession } from '../session/useHeaderSession';
import { safeReturnPath } from '../url/safeReturnPath';
import { DidConnectDialog } from './DidConnectDialog';

/**
 * `/.well-known/service/login?redirect=…`: where a login by redirect lands. Shows the DID Connect
 * dialog; once the wallet approves, reloads the session and returns to `redirect` (same origin only).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const session = useHeaderSession();
  const target = safeReturnPath(params.get('redirect'), window.location.origin) ?? '/';

  useEffect(() => {
    if (session.user) navigate(target, { replace: true });
  }, [session.user, navigate, target]);

  const onApproved = useCallback(() => {
    void queryClient
      .invalidateQueries({ queryKey: HEADER_SESSION_QUERY_KEY })
      .then(() => navigate(target, { replace: true }));
  }, [queryClient, navigate, target]);

  return (
    <Box data-testid="page-login" sx={{ maxWidth: 600, mx: 'auto', px: 2, py: 4, textAlign: 'center' }}>
      <Typography variant="h1">{t('auth.login.title')}</Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>{t('auth.login.description')}</Typography>
      <DidConnectDialog
        open={!session.user}
        action="login"
        onApproved={onApproved}
        onClose={() => navigate('/', { replace: true })}
      />
    </Box>
  );
}
