import { Button, Typography } from '@mui/material';
import type { SubscriptionDetail } from '@payshelf/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatError } from '../../checkout/logic/errorText';
import { PortalCard } from '../components/PortalCard';
import { currencyChoices, type CurrencyChoice } from './currencyOptions';
import { MethodDialog } from './MethodDialog';
import { changeCurrency, fetchPaymentSettings } from './subscriptionApi';

const LIVE = new Set(['active', 'trialing', 'past_due']);

/**
 * The payment method and currency of the subscription's future invoices, and "Change payment method",
 * which opens the choice in a dialog (MethodDialog). Shown only when there is a choice to make.
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
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const choices = currencyChoices(sub, settings.data?.paymentMethods ?? []);
  if (!LIVE.has(sub.status) || choices.length < 2) return null;
  const current = choices.find((c) => c.currency.id === sub.currency_id);
  const save = (choice: CurrencyChoice) => {
    setBusy(true);
    changeCurrency(mountPoint, sub.id, sub.livemode, choice.currency.id, choice.method.id)
      .then(
        () => {
          enqueueSnackbar(t('payment.portalChange.currency.saved', { symbol: choice.currency.symbol }), {
            variant: 'success',
          });
          setOpen(false);
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
      {current ? (
        <Typography sx={{ mb: 2 }} data-testid="currency-current">
          {t('payment.portalChange.currency.current', {
            option: t('payment.portalChange.currency.option', {
              symbol: current.currency.symbol,
              method: current.method.name,
            }),
          })}
        </Typography>
      ) : null}
      <Button variant="outlined" onClick={() => setOpen(true)} data-testid="currency-change">
        {t('payment.portalChange.currency.action')}
      </Button>
      {open ? (
        <MethodDialog
          choices={choices}
          current={sub.currency_id}
          automatic={sub.collection_method === 'charge_automatically'}
          busy={busy}
          onClose={() => setOpen(false)}
          onConfirm={save}
        />
      ) : null}
    </PortalCard>
  );
}
