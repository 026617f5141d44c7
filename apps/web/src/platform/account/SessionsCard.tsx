import { visuallyHidden } from '@mui/utils';
import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { AccountSession } from '@payshelf/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HEADER_SESSION_QUERY_KEY } from '../session/useHeaderSession';
import { useLocale } from '../locale/useLocale';
import { ACCOUNT_QUERY_KEY, deviceName, signOutOtherSessions, signOutSession } from './accountApi';

/** Where I am signed in, with a sign-out for each other browser and for all of them at once. */
export function SessionsCard({ sessions }: { sessions: AccountSession[] }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: HEADER_SESSION_QUERY_KEY }),
    ]);
  const one = useMutation({ mutationFn: signOutSession, onSuccess: refresh });
  const others = useMutation({ mutationFn: signOutOtherSessions, onSuccess: refresh });
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));
  const describe = (s: AccountSession) => {
    const { browser, os } = deviceName(s.userAgent);
    if (browser && os) return t('auth.account.device', { browser, os });
    return browser || os || t('auth.account.unknownDevice');
  };
  const failure = one.error ?? others.error;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="sessions-card">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {t('auth.account.sessions')}
          </Typography>
          <Typography sx={{ mt: 0.5, color: 'text.secondary' }}>{t('auth.account.sessionsHint')}</Typography>
        </Box>
        <Box>
          <Button
            variant="outlined"
            color="error"
            disabled={sessions.length < 2 || others.isPending}
            onClick={() => others.mutate()}
            data-testid="sessions-sign-out-others"
          >
            {t('auth.account.signOutOthers')}
          </Button>
        </Box>
      </Stack>
      {failure ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {t('auth.account.signOutFailed', { message: failure.message })}
        </Alert>
      ) : null}
      {others.isSuccess ? (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {t('auth.account.signedOutOthers', { count: others.data })}
        </Alert>
      ) : null}
      <TableContainer sx={{ mt: 2, overflowX: 'auto' }}>
        <Table size="small" aria-label={t('auth.account.sessions')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('auth.account.columns.device')}</TableCell>
              <TableCell>{t('auth.account.columns.address')}</TableCell>
              <TableCell>{t('auth.account.columns.lastUsed')}</TableCell>
              <TableCell>{t('auth.account.columns.signedIn')}</TableCell>
              {/* Positioned, so the hidden label stays inside the scrolling table, not off the page. */}
              <TableCell sx={{ position: 'relative' }}>
                <Box component="span" sx={visuallyHidden}>
                  {t('auth.account.columns.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sessions.map((s) => (
              <TableRow key={s.id} data-testid="session-row">
                <TableCell>
                  {describe(s)}
                  {s.current ? (
                    <Chip size="small" color="success" label={t('auth.account.thisBrowser')} sx={{ ml: 1 }} />
                  ) : null}
                </TableCell>
                <TableCell>{s.ip || '—'}</TableCell>
                <TableCell>{when(s.lastUsedAt)}</TableCell>
                <TableCell>{when(s.createdAt)}</TableCell>
                <TableCell align="right">
                  {s.current ? null : (
                    <Button
                      size="small"
                      disabled={one.isPending}
                      onClick={() => one.mutate(s.id)}
                      aria-label={t('auth.account.signOutOne', { device: describe(s) })}
                    >
                      {t('auth.account.signOut')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
