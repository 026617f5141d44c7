import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { SubscriptionDetail } from '@payshelf/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatError } from '../../checkout/logic/errorText';
import { PortalCard } from '../components/PortalCard';
import { currencyChoices } from './currencyOptions';
import { changeCurrency, fetchPaymentSettings } from './subscriptionApi';

const LIVE = new Set(['active', 'trialing', 'past_due']);

/**
 * The payment method and currency of the subscription's future invoices, among those every price is
 * sold in (open and past-due invoices keep theirs). Shown only when there is a choice to make.
 */
export function CurrencyForm({
  subscription: sub,
  mountPoint,
}: {
  subscription: SubscriptionDetail;
  mountPoint: string;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['payment', 'portal', 'settings', sub.livemode],
    queryFn: ({ signal }) => fetchPaymentSettings(mountPoint, sub.livemode, signal),
    staleTime: 60_000,
  });
  const [chosen, setChosen] = useState(sub.currency_id);
  const [busy, setBusy] = useState(false);
  const choices = currencyChoices(sub, settings.data?.paymentMethods ?? []);
  if (!LIVE.has(sub.status) || choices.length < 2) return null;
  const choice = choices.find((c) => c.currency.id === chosen);
  const save = () => {
    if (!choice) return;
    setBusy(true);
    changeCurrency(mountPoint, sub.id, sub.livemode, choice.currency.id, choice.method.id)
      .then(
        () => {
          enqueueSnackbar(t('payment.portalChange.currency.saved', { symbol: choice.currency.symbol }), {
            variant: 'success',
          });
          return queryClient.invalidateQueries({ queryKey: ['payment', 'portal'] });
        },
        (error: unknown) =>
          enqueueSnackbar(`${t('payment.portalChange.currency.failed')}: ${formatError(error)}`, {
            variant: 'error',
          }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <PortalCard title={t('payment.portalChange.currency.title')} testId="subscription-currency">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('payment.portalChange.currency.description')}
      </Typography>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            label={t('payment.portalChange.currency.label')}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            sx={{ minWidth: { sm: 280 } }}
            fullWidth
          >
            {choices.map((c) => (
              <MenuItem
                key={c.currency.id}
                value={c.currency.id}
                data-testid={`currency-option-${c.currency.symbol}`}
              >
                {t('payment.portalChange.currency.option', {
                  symbol: c.currency.symbol,
                  method: c.method.name,
                })}
              </MenuItem>
            ))}
          </TextField>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || chosen === sub.currency_id}
            data-testid="currency-save"
            sx={{ flexShrink: 0 }}
          >
            {t('payment.portalChange.currency.save')}
          </Button>
        </Stack>
      </Box>
      {sub.collection_method === 'charge_automatically' && chosen !== sub.currency_id ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('payment.portalChange.currency.allowanceHint')}
        </Alert>
      ) : null}
    </PortalCard>
  );
}
