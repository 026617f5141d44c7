import { Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { atMountPoint } from '../paths';
import { CreditBalanceCards } from './CreditBalanceCards';
import { useLiveGrants } from './useCredits';

/**
 * The portal home's credit balance per credit currency, linking to the credits page; nothing while
 * loading, on failure or when the customer has no credit (the page's own states cover those).
 */
export function CreditBalancePanel({ mountPoint, nowMs }: { mountPoint: string; nowMs: number }) {
  const { t } = useTranslation();
  const live = useLiveGrants();
  if (live.state !== 'ready' || live.data.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="portal-credit-balance">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
          {t('payment.credits.balance')}
        </Typography>
        <Button component={RouterLink} to={atMountPoint(mountPoint, 'customer/credits')} size="small">
          {t('payment.credits.viewCredits')}
        </Button>
      </Stack>
      <CreditBalanceCards grants={live.data} nowMs={nowMs} />
    </Paper>
  );
}
