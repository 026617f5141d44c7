import { Box, Paper, Stack, Typography } from '@mui/material';
import type { CreditGrant } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { amountText } from '../portal/logic/invoiceView';
import { creditBalances } from './creditView';

/** The balance per credit currency: what is available now, what pending grants will add. */
export function CreditBalanceCards({ grants, nowMs }: { grants: CreditGrant[]; nowMs: number }) {
  const { t, i18n } = useTranslation();
  const rows = creditBalances(grants, nowMs);
  return (
    <Box
      component="ul"
      aria-label={t('payment.credits.balance')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' },
      }}
    >
      {rows.map((row) => (
        <Paper
          component="li"
          key={row.currencyId}
          variant="outlined"
          sx={{ p: 2 }}
          data-testid="credit-balance"
        >
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
            {row.currency?.name ?? row.currency?.symbol ?? row.currencyId}
          </Typography>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
            <Typography sx={{ color: 'text.secondary' }}>{t('payment.credits.available')}</Typography>
            <Typography sx={{ fontWeight: 600 }} data-testid="credit-available">
              {amountText(row.available.toString(), row.currency, i18n.language)}
            </Typography>
          </Stack>
          {row.upcoming > 0n ? (
            <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
              <Typography sx={{ color: 'text.secondary' }}>{t('payment.credits.upcoming')}</Typography>
              <Typography>{amountText(row.upcoming.toString(), row.currency, i18n.language)}</Typography>
            </Stack>
          ) : null}
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {t('payment.credits.grantCount', { count: row.grants })}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
