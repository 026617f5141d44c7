import LockOutlined from '@mui/icons-material/LockOutlined';
import { Alert, AlertTitle, Box, Button, Skeleton, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInButton } from '../../../header/session/SignInButton';
import { EmptyState } from '../../../platform/ui/EmptyState';
import { formatError } from '../../checkout/logic/errorText';
import type { PortalKind } from '../api';
import type { PortalLoad } from '../usePortalDetail';

/** Placeholders in the shape of the page: a status line, the details, a table. */
export function PortalSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack
      data-testid="portal-skeleton"
      role="status"
      aria-busy
      aria-label={t('payment.portal.loading')}
      spacing={2}
      sx={{ mt: 3 }}
    >
      <Skeleton variant="rounded" width={96} height={28} />
      <Skeleton variant="rounded" height={120} />
      <Skeleton variant="rounded" height={160} />
    </Stack>
  );
}

interface PortalGateProps<T> {
  load: PortalLoad<T>;
  /** What the page shows: one invoice or subscription, the past-due invoices, or a billing list. */
  kind: PortalKind | 'pastDue' | 'billing' | 'creditGrant';
  /** The not-found icon of the page. */
  icon: ReactNode;
  children(data: T): ReactNode;
}

/**
 * The states every portal page shares: placeholders, a sign-in prompt with the header's sign-in
 * button, the not-found empty state, an error alert with the SPEC §8 error text and a retry.
 */
export function PortalGate<T>({ load, kind, icon, children }: PortalGateProps<T>) {
  const { t } = useTranslation();
  switch (load.state) {
    case 'loading':
      return <PortalSkeleton />;
    case 'signedOut':
      return (
        <Box data-testid="portal-sign-in">
          <EmptyState
            icon={<LockOutlined />}
            title={t('payment.portal.signIn.title')}
            description={t(`payment.portal.signIn.${kind}`)}
            action={<SignInButton />}
          />
        </Box>
      );
    case 'notFound':
      // A list is never "not found"; an empty one is the page's own empty state.
      if (kind === 'pastDue' || kind === 'billing') return null;
      return (
        <Box data-testid="portal-not-found">
          <EmptyState
            icon={icon}
            title={t(`payment.${kind}.notFoundTitle`)}
            description={t(`payment.${kind}.notFoundDescription`)}
          />
        </Box>
      );
    case 'error':
      return (
        <Alert
          data-testid="portal-error"
          severity="error"
          sx={{ mt: 3 }}
          action={
            <Button color="inherit" size="small" onClick={load.retry}>
              {t('payment.portal.retry')}
            </Button>
          }
        >
          <AlertTitle>{t('payment.portal.loadFailed')}</AlertTitle>
          {formatError(load.error)}
        </Alert>
      );
    case 'ready':
      return children(load.data);
  }
}
