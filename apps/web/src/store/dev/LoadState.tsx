import { ApiCallError } from '@payshelf/api';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { messageOf } from './api';

/**
 * A page's first load: a spinner, a 403 as "developer passport needed" (`developer`) or "admins only",
 * another failure with a retry button, else the children.
 */
export function LoadState({
  query,
  developer,
  children,
}: {
  query: UseQueryResult<unknown>;
  developer?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('store.dev.common.loading')} />
      </Box>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiCallError && query.error.status === 403) {
      return (
        <EmptyState
          icon={<BlockOutlined />}
          title={t(developer ? 'store.dev.common.developerTitle' : 'store.dev.common.forbiddenTitle')}
          description={t(
            developer ? 'store.dev.common.developerDescription' : 'store.dev.common.forbiddenDescription',
          )}
        />
      );
    }
    return (
      <Alert
        severity="error"
        sx={{ my: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('store.dev.common.retry')}
          </Button>
        }
      >
        {t('store.dev.common.loadFailed', { message: messageOf(query.error) })}
      </Alert>
    );
  }
  return children;
}
