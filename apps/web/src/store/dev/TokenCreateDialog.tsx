import { type AccessToken, storeDeveloperRoutes } from '@payshelf/api';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf, storeCall } from './api';
import { CopyText } from './CopyText';
import { accessTokensKey } from './keys';

/** The commands that sign the store CLI in with `secret` for this store (docs/store-cli.md `login`). */
export function loginCommands(store: string, secret: string): string[] {
  return [
    `npm run store -- login --store ${store} --token ${secret}`,
    `payshelf-store login --store ${store} --token ${secret}`,
  ];
}

/** Creates a token; the answer's secret is shown once, with the CLI commands that use it. */
export function TokenCreateDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const titleId = useId();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<AccessToken | null>(null);
  const create = useMutation({
    mutationFn: () => storeCall(storeDeveloperRoutes.createToken, { body: { name: name.trim() } }),
    onSuccess: async (token) => {
      setCreated(token);
      await client.invalidateQueries({ queryKey: accessTokensKey });
    },
  });
  const nameError = touched && !name.trim() ? t('store.dev.tokens.nameRequired') : null;
  const store = window.location.origin;

  if (created?.secret) {
    return (
      <Dialog
        open
        onClose={onClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="md"
        data-testid="token-secret-dialog"
      >
        <DialogTitle id={titleId}>{t('store.dev.tokens.secretTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning">{t('store.dev.tokens.secretWarning')}</Alert>
            <Typography variant="body2">{t('store.dev.tokens.secretLabel')}</Typography>
            <CopyText text={created.secret} label={t('store.dev.tokens.copyToken')} testId="token-secret" />
            <Typography variant="body2">{t('store.dev.tokens.cliIntro')}</Typography>
            {loginCommands(store, created.secret).map((command) => (
              <CopyText key={command} text={command} label={t('store.dev.tokens.copyCommand')} />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose} data-testid="token-secret-close">
            {t('store.dev.common.close')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid="token-create-dialog"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (name.trim()) create.mutate();
        }}
      >
        <DialogTitle id={titleId}>{t('store.dev.tokens.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {create.isError ? (
              <Alert severity="error" role="alert">
                {messageOf(create.error)}
              </Alert>
            ) : null}
            <TextField
              label={t('store.dev.tokens.name')}
              value={name}
              required
              autoFocus
              onChange={(e) => setName(e.target.value)}
              onBlur={() => setTouched(true)}
              error={Boolean(nameError)}
              helperText={nameError ?? ' '}
              slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'token-name' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('store.dev.common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending}
            data-testid="token-create-submit"
          >
            {t('store.dev.common.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
