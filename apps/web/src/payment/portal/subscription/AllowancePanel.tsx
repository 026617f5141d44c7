import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { billingRoutes, type PaymentCurrency, type SubscriptionDetail } from '@payshelf/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modeCall } from '../../admin/api/client';
import { MINE } from './subscriptionApi';
import { allowanceWords, approveWithProvider, walletAccount } from '../../checkout/allowance/allowance';
import { injectedProvider } from '../../checkout/logic/ethereum';
import { money } from '../../checkout/logic/format';

const CONFIRM_POLL_MS = 2_000;
const CONFIRM_TRIES = 30;

/**
 * The allowance renewals are pulled from, as the server read it on chain: what is left against what
 * the next invoices need, and when it falls short, "Grant or renew allowance" (the browser wallet
 * approves the server's offer, then the page reads the chain again until it covers).
 */
/** The subscription the panel is about: the portal's detail, or what the checkout knows at completion. */
export interface AllowanceSubject {
  id: string;
  livemode: boolean;
  /** Unknown at checkout: the server then answers no offer for an invoice-collected subscription. */
  collection_method?: SubscriptionDetail['collection_method'];
  paymentCurrency: Pick<PaymentCurrency, 'decimal' | 'symbol' | 'maximum_precision'> | null;
}

export function AllowancePanel({
  subscription: sub,
  mountPoint,
}: {
  subscription: AllowanceSubject;
  mountPoint: string;
}) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const key = ['payment', 'portal', 'allowance', sub.id];
  const read = (signal?: AbortSignal) =>
    modeCall(
      mountPoint,
      sub.livemode,
      billingRoutes.subscriptionAllowance,
      { params: { id: sub.id }, query: MINE },
      signal,
    );
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => read(signal),
    enabled: sub.collection_method !== 'send_invoice',
  });
  const data = query.data;
  const currency = sub.paymentCurrency;
  if (!data?.offer || !currency) return null;
  const offer = data.offer;
  const locale = i18n.language;

  const grant = async () => {
    const provider = injectedProvider(window);
    if (!provider) throw new Error(t('payment.allowance.noWallet'));
    const from = await walletAccount(provider);
    if (data.payer && from.toLowerCase() !== data.payer.toLowerCase())
      throw new Error(t('payment.allowance.wrongAccount', { payer: data.payer }));
    await approveWithProvider(provider, offer, from);
    for (let i = 0; i < CONFIRM_TRIES; i += 1) {
      const fresh = await read();
      if (fresh.covers) {
        // A subscription without a payer (a trial) now takes the account the customer proved.
        const adopted = await modeCall(mountPoint, sub.livemode, billingRoutes.subscriptionAllowanceAdopt, {
          params: { id: sub.id },
          query: MINE,
          body: {},
        });
        queryClient.setQueryData(key, adopted);
        return;
      }
      queryClient.setQueryData(key, fresh);
      await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS));
    }
    throw new Error(t('payment.allowance.waiting'));
  };

  return (
    <>
      <Alert
        severity={data.covers ? 'info' : 'warning'}
        sx={{ mt: 2 }}
        data-testid="subscription-allowance"
        action={
          data.covers ? undefined : (
            <Button color="inherit" size="small" onClick={() => setOpen(true)} data-testid="allowance-grant">
              {t('payment.allowance.grant')}
            </Button>
          )
        }
      >
        {data.covers ? null : `${t('payment.allowance.low')} `}
        {t('payment.allowance.remaining', {
          amount: money(BigInt(data.remaining), currency, locale),
          needed: money(BigInt(data.needed), currency, locale),
        })}
      </Alert>
      <Dialog open={open} onClose={busy ? undefined : () => setOpen(false)} data-testid="allowance-dialog">
        <DialogTitle>{t('payment.allowance.grantTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText data-testid="allowance-offer-words">
            {allowanceWords(t, offer, currency, locale)}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {t('payment.allowance.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={busy}
            data-testid="allowance-approve"
            onClick={() => {
              setBusy(true);
              grant()
                .then(
                  () => {
                    enqueueSnackbar(t('payment.allowance.granted'), { variant: 'success' });
                    setOpen(false);
                  },
                  (error: unknown) =>
                    enqueueSnackbar(
                      `${t('payment.allowance.failed')}: ${error instanceof Error ? error.message : String(error)}`,
                      { variant: 'error' },
                    ),
                )
                .finally(() => setBusy(false));
            }}
          >
            {t('payment.allowance.grantConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
