import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../platform/ui/PageSection';
import { isAdminRole, useHeaderSession } from '../../platform/session/useHeaderSession';
import {
  formatDocument,
  loadNavigationConfig,
  NavigationSaveError,
  parseDocument,
  saveNavigationConfig,
} from './navigationAdminApi';

const QUERY_KEY = ['platform', 'navigation', 'config'] as const;

/**
 * `/.well-known/service/admin/navigation` (the session manager's Manage button): owners and admins edit
 * the navigation document of every section as JSON; the server validates it and names the bad field.
 */
export function NavigationEditorPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const { user, initialized } = useHeaderSession();
  const allowed = isAdminRole(user?.role);
  const config = useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => loadNavigationConfig(signal),
    enabled: allowed,
  });
  // null: not edited, so the editor shows the stored document (also right after a save or a revert).
  const [edited, setEdited] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const text = edited ?? (config.data ? formatDocument(config.data.config) : '');

  const save = useMutation({
    mutationFn: saveNavigationConfig,
    onSuccess: async (answer) => {
      setProblem(null);
      setEdited(null);
      queryClient.setQueryData(QUERY_KEY, answer);
      await queryClient.invalidateQueries({ queryKey: ['platform', 'navigation'] });
      enqueueSnackbar(t('header.navigationAdmin.saved', { version: answer.version }), { variant: 'success' });
    },
    onError: (err) => {
      const where = err instanceof NavigationSaveError && err.param ? ` (${err.param})` : '';
      setProblem(`${err.message}${where}`);
    },
  });

  const submit = () => {
    const parsed = parseDocument(text);
    if (!parsed.ok) return setProblem(t('header.navigationAdmin.invalidJson', { message: parsed.message }));
    save.mutate(parsed.value);
  };

  return (
    <PageSection
      testId="page-navigation-admin"
      title={t('header.navigationAdmin.title')}
      subtitle={t('header.navigationAdmin.subtitle')}
    >
      {initialized && !allowed ? (
        <Alert severity="info" sx={{ mt: 3 }}>
          {t('header.navigationAdmin.ownerOnly')}
        </Alert>
      ) : null}
      {config.isError ? (
        <Alert severity="error" sx={{ mt: 3 }}>
          {t('header.navigationAdmin.loadFailed', { message: config.error.message })}
        </Alert>
      ) : null}
      {config.data ? (
        <Stack spacing={2} sx={{ mt: 3 }}>
          <Typography sx={{ color: 'text.secondary' }} data-testid="navigation-admin-version">
            {t('header.navigationAdmin.version', {
              version: config.data.version,
              updatedAt: new Date(config.data.updatedAt).toLocaleString(),
            })}
          </Typography>
          <TextField
            label={t('header.navigationAdmin.documentLabel')}
            value={text}
            onChange={(e) => setEdited(e.target.value)}
            multiline
            minRows={18}
            maxRows={40}
            slotProps={{
              htmlInput: {
                spellCheck: false,
                'data-testid': 'navigation-admin-document',
                style: { fontFamily: 'monospace', fontSize: 13 },
              },
            }}
          />
          {problem ? (
            <Alert severity="error" data-testid="navigation-admin-error">
              {problem}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              onClick={submit}
              loading={save.isPending}
              data-testid="navigation-admin-save"
            >
              {t('header.navigationAdmin.save')}
            </Button>
            <Button
              onClick={() => {
                setEdited(null);
                setProblem(null);
              }}
            >
              {t('header.navigationAdmin.revert')}
            </Button>
          </Stack>
        </Stack>
      ) : null}
    </PageSection>
  );
}
