import { type AccessToken, storeDeveloperRoutes } from '@payshelf/api';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import {
  Box,
  Button,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../platform/locale/useLocale';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';
import { messageOf, storeCall } from '../dev/api';
import { ConfirmDialog } from '../dev/ConfirmDialog';
import { formatWhen } from '../dev/format';
import { accessTokensKey } from '../dev/keys';
import { LoadState } from '../dev/LoadState';
import { TokenCreateDialog } from '../dev/TokenCreateDialog';

/** Deleting a token asks for its name typed exactly (SPEC section 5). */
function DeleteTokenDialog({ token, onClose }: { token: AccessToken; onClose(): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  const [typed, setTyped] = useState('');
  const remove = useMutation({
    mutationFn: () => storeCall(storeDeveloperRoutes.revokeToken, { params: { id: token.id } }),
    onSuccess: async () => {
      enqueueSnackbar(t('store.dev.tokens.deleted', { name: token.name }), { variant: 'success' });
      await client.invalidateQueries({ queryKey: accessTokensKey });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open
      title={t('store.dev.tokens.deleteTitle', { name: token.name })}
      text={t('store.dev.tokens.deleteText')}
      confirmLabel={t('store.dev.common.delete')}
      busy={remove.isPending}
      confirmDisabled={typed !== token.name}
      error={remove.isError ? messageOf(remove.error) : null}
      testId="token-delete-dialog"
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    >
      <TextField
        label={t('store.dev.tokens.deleteConfirmLabel')}
        value={typed}
        autoFocus
        onChange={(e) => setTyped(e.target.value)}
        placeholder={token.name}
        slotProps={{ htmlInput: { 'data-testid': 'token-delete-name', autoComplete: 'off' } }}
      />
    </ConfirmDialog>
  );
}

/** `/developer/access-tokens`: tokens for the command-line tool; the secret is shown once at creation. */
export function DeveloperAccessTokensPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AccessToken | null>(null);
  const list = useQuery({
    queryKey: accessTokensKey,
    queryFn: ({ signal }) => storeCall(storeDeveloperRoutes.tokens, {}, signal),
    retry: false,
  });
  const rows = list.data?.dataList ?? [];
  return (
    <PageSection testId="page-developer-access-tokens" title={t('store.accessTokens.title')}>
      <LoadState query={list} developer>
        <Box sx={{ my: 2 }}>
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setCreating(true)}
            data-testid="create-token"
          >
            {t('store.dev.tokens.create')}
          </Button>
        </Box>
        {rows.length === 0 ? (
          <EmptyState
            icon={<KeyOutlined />}
            title={t('store.accessTokens.emptyTitle')}
            description={t('store.accessTokens.emptyDescription')}
          />
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('store.accessTokens.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('store.dev.tokens.nameCol')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {t('store.dev.tokens.tokenCol')}
                  </TableCell>
                  <TableCell>{t('store.dev.tokens.createdCol')}</TableCell>
                  <TableCell>{t('store.dev.tokens.lastUsedCol')}</TableCell>
                  <TableCell align="right">{t('store.dev.tokens.actionsCol')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((token) => (
                  <TableRow key={token.id} data-testid={`token-row-${token.name}`}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{token.name}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, fontFamily: 'monospace' }}>
                      {token.redacted}
                    </TableCell>
                    <TableCell>{formatWhen(token.created_at, locale)}</TableCell>
                    <TableCell>
                      {token.last_used_at
                        ? formatWhen(token.last_used_at, locale)
                        : t('store.dev.common.never')}
                    </TableCell>
                    <TableCell align="right">
                      <Tooltip title={t('store.dev.tokens.deleteLabel', { name: token.name })}>
                        <IconButton
                          color="error"
                          aria-label={t('store.dev.tokens.deleteLabel', { name: token.name })}
                          onClick={() => setDeleting(token)}
                        >
                          <DeleteOutlined />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </LoadState>
      {creating ? <TokenCreateDialog onClose={() => setCreating(false)} /> : null}
      {deleting ? <DeleteTokenDialog token={deleting} onClose={() => setDeleting(null)} /> : null}
    </PageSection>
  );
}
