import { Alert, Avatar, Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import type { AccountResponse } from '@payshelf/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HEADER_SESSION_QUERY_KEY } from '../session/useHeaderSession';
import { useRoleLabel } from '../auth/roleLabels';
import { ACCOUNT_QUERY_KEY, updateProfile } from './accountApi';

/** Who I am: avatar, DID, roles, and the name and email I can change. */
export function ProfileCard({ account }: { account: AccountResponse }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const queryClient = useQueryClient();
  const { user } = account;
  const [fullName, setFullName] = useState(user.fullName);
  const [email, setEmail] = useState(user.email);
  const save = useMutation({
    mutationFn: () => updateProfile({ fullName: fullName.trim(), email: email.trim() }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: HEADER_SESSION_QUERY_KEY }),
      ]),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const changed = fullName.trim() !== user.fullName || email.trim() !== user.email;
  const roles = user.passports.length > 0 ? user.passports.map((p) => p.role) : ['guest'];

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="profile-card">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Avatar src={user.avatar || undefined} alt="" sx={{ width: 72, height: 72 }}>
          {(user.fullName || user.did).slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {t('auth.account.profile')}
          </Typography>
          <Typography
            sx={{ mt: 1, color: 'text.secondary', wordBreak: 'break-all' }}
            data-testid="profile-did"
          >
            {t('auth.account.did')}: {user.did}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 1, flexWrap: 'wrap' }}
            aria-label={t('auth.account.roles')}
          >
            {roles.map((role) => (
              <Chip key={role} size="small" label={roleLabel(role)} />
            ))}
          </Stack>
          <Box component="form" onSubmit={submit} sx={{ mt: 3, maxWidth: 480 }} noValidate>
            <Stack spacing={2}>
              <TextField
                label={t('auth.account.fullName')}
                value={fullName}
                onChange={(e) => setFullName(e.target.value)}
                required
                slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'profile-name' } }}
                size="small"
              />
              <TextField
                label={t('auth.account.email')}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 254, 'data-testid': 'profile-email' } }}
                helperText={t('auth.account.walletHint')}
                size="small"
              />
              {save.isError ? (
                <Alert severity="error" role="alert">
                  {t('auth.account.saveFailed', { message: save.error.message })}
                </Alert>
              ) : null}
              {save.isSuccess && !changed ? (
                <Alert severity="success" role="status">
                  {t('auth.account.saved')}
                </Alert>
              ) : null}
              <Box>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={!changed || fullName.trim() === '' || save.isPending}
                  data-testid="profile-save"
                >
                  {t('auth.account.save')}
                </Button>
              </Box>
            </Stack>
          </Box>
        </Box>
      </Stack>
    </Paper>
  );
}
