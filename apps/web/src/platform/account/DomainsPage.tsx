import { Alert, Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import type { DomainSettings } from '@payshelf/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../ui/ErrorPage';
import { isTemporaryHost } from '../domain/domainWarning';
import { useHeaderSession } from '../session/useHeaderSession';
import { PageSection } from '../ui/PageSection';
import { DOMAIN_QUERY_KEY, fetchDomain, saveDomain } from './accountApi';

/** `/.well-known/service/admin/domains`: the address of this install, and how to give it a real domain. */
export function DomainsPage() {
  const { t } = useTranslation();
  const { user } = useHeaderSession();
  const allowed = user?.role === 'owner' || user?.role === 'admin';
  const domain = useQuery({
    queryKey: DOMAIN_QUERY_KEY,
    queryFn: ({ signal }) => fetchDomain(signal),
    enabled: allowed,
  });
  if (!allowed) return <ErrorPage code={403} />;
  const host = window.location.host;
  return (
    <PageSection testId="page-domains" title={t('auth.domains.title')} subtitle={t('auth.domains.subtitle')}>
      <Stack spacing={3} sx={{ mt: 3 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {t('auth.domains.current')}
          </Typography>
          <Typography sx={{ mt: 1, wordBreak: 'break-all' }} data-testid="domains-host">
            {host}
          </Typography>
          {isTemporaryHost(window.location.hostname) ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t('auth.domains.temporary')}
            </Alert>
          ) : null}
        </Paper>
        {domain.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <CircularProgress aria-label={t('platform.loading')} />
          </Box>
        ) : null}
        {domain.isError ? (
          <Alert severity="error">{t('auth.domains.loadFailed', { message: domain.error.message })}</Alert>
        ) : null}
        {domain.data ? <PublicUrlForm settings={domain.data} /> : null}
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {t('auth.domains.howTo')}
          </Typography>
          <Box component="ol" sx={{ mt: 1, pl: 3, '& li': { mb: 1 } }}>
            <li>{t('auth.domains.step1')}</li>
            <li>{t('auth.domains.step2')}</li>
            <li>{t('auth.domains.step3')}</li>
            <li>{t('auth.domains.step4')}</li>
          </Box>
        </Paper>
      </Stack>
    </PageSection>
  );
}

function PublicUrlForm({ settings }: { settings: DomainSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(settings.savedUrl ?? '');
  const save = useMutation({
    mutationFn: () => saveDomain(value.trim()),
    onSuccess: (saved) => queryClient.setQueryData(DOMAIN_QUERY_KEY, saved),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const inEffect = settings.publicUrl ?? t('auth.domains.fromRequest');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('auth.domains.publicUrl')}
      </Typography>
      <Typography sx={{ mt: 1 }} data-testid="domains-in-effect">
        {t('auth.domains.inEffect', { url: inEffect })}
      </Typography>
      {settings.source === 'env' ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('auth.domains.fromEnv')}
        </Alert>
      ) : (
        <Box component="form" onSubmit={submit} noValidate sx={{ mt: 2, maxWidth: 520 }}>
          <Stack spacing={2}>
            <TextField
              label={t('auth.domains.field')}
              placeholder="https://shop.example.com"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              helperText={t('auth.domains.fieldHint')}
              size="small"
              slotProps={{ htmlInput: { maxLength: 2048, 'data-testid': 'domains-field', inputMode: 'url' } }}
            />
            {save.isError ? (
              <Alert severity="error" role="alert">
                {t('auth.domains.saveFailed', { message: save.error.message })}
              </Alert>
            ) : null}
            {save.isSuccess ? (
              <Alert severity="success" role="status">
                {t('auth.domains.saved')}
              </Alert>
            ) : null}
            <Box>
              <Button type="submit" variant="contained" disabled={save.isPending} data-testid="domains-save">
                {t('auth.domains.save')}
              </Button>
            </Box>
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
