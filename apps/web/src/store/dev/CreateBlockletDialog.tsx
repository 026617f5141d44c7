import { ApiCallError, storeDeveloperRoutes } from '@payshelf/api';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf, storeCall } from './api';
import { nameProblem } from './format';
import { developerBlockletsKey } from './keys';

/**
 * Creates an application before its first upload: a name (SPEC section 5 rule, checked as typed and
 * by the server) and an optional DID. A server refusal on the name (taken, invalid) shows on the field.
 */
export function CreateBlockletDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  const titleId = useId();
  const [name, setName] = useState('');
  const [did, setDid] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      storeCall(storeDeveloperRoutes.create, {
        body: { name, ...(did.trim() ? { did: did.trim() } : {}) },
      }),
    onSuccess: async (created) => {
      enqueueSnackbar(t('store.dev.blocklets.created', { name: created.name }), { variant: 'success' });
      await client.invalidateQueries({ queryKey: developerBlockletsKey });
      onClose();
    },
  });
  const problem = nameProblem(name);
  const error = create.error instanceof ApiCallError ? create.error : null;
  const nameServerError =
    error && (error.param === 'name' || error.code === 'name_taken') ? error.message : null;
  const didServerError =
    error && (error.param === 'did' || error.code === 'did_taken') ? error.message : null;
  const otherError = create.isError && !nameServerError && !didServerError ? messageOf(create.error) : null;
  const nameError = touched && problem ? t(problem) : nameServerError;
  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid="create-blocklet-dialog"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!problem) create.mutate();
        }}
      >
        <DialogTitle id={titleId}>{t('store.dev.blocklets.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {otherError ? (
              <Alert severity="error" role="alert">
                {otherError}
              </Alert>
            ) : null}
            <TextField
              label={t('store.dev.blocklets.name')}
              value={name}
              required
              autoFocus
              onChange={(e) => {
                setName(e.target.value);
                create.reset();
              }}
              onBlur={() => setTouched(true)}
              error={Boolean(nameError)}
              helperText={nameError ?? t('store.dev.blocklets.nameHelp')}
              slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'create-blocklet-name' } }}
            />
            <TextField
              label={t('store.dev.blocklets.did')}
              value={did}
              onChange={(e) => {
                setDid(e.target.value);
                create.reset();
              }}
              error={Boolean(didServerError)}
              helperText={didServerError ?? t('store.dev.blocklets.didHelp')}
              slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'create-blocklet-did' } }}
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
            data-testid="create-blocklet-submit"
          >
            {t('store.dev.common.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
