import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import type { PaymentCurrency } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { DidConnectPanel } from '../../../platform/auth/DidConnectPanel';
import type { Locale } from '../../../platform/locale/locale';
import { injectedProvider } from '../../checkout/logic/ethereum';
import { money } from '../../checkout/logic/format';
import { useConnectAction } from '../../checkout/useConnectAction';
import { COLLECT_BATCH_ACTION, type BatchPay } from './usePayBatch';

interface PayWalletDialogProps {
  pay: BatchPay;
  currency: PaymentCurrency | null;
  locale: Locale;
}

/** The DID Connect QR code of the batch (the checkout's wallet panel); mounted while the dialog offers it. */
function WalletConnect({
  pay,
  params,
  locale,
}: {
  pay: BatchPay;
  params: Record<string, string>;
  locale: Locale;
}) {
  const controls = useConnectAction(
    COLLECT_BATCH_ACTION,
    params,
    locale,
    pay.walletApproved,
    pay.connectFailed,
  );
  return <DidConnectPanel controls={controls} purpose="pay" />;
}

/**
 * The wallet dialog of a portal payment, as the checkout's: the DID Connect QR code and "Pay with
 * browser wallet" (an injected EIP-1193 wallet) side by side, then a wait for the confirmation.
 */
export function PayWalletDialog({ pay, currency, locale }: PayWalletDialogProps) {
  const { t } = useTranslation();
  const { state } = pay;
  const open = state.kind === 'connect' || state.kind === 'sending' || state.kind === 'paying';
  const batch = state.kind === 'connect' || state.kind === 'sending' ? state.batch : null;
  const amount = batch && currency ? money(BigInt(batch.amount), currency, locale) : '';
  const hasBrowserWallet = injectedProvider(window) !== null;
  return (
    <Dialog
      open={open}
      onClose={state.kind === 'connect' ? pay.cancel : undefined}
      data-testid="portal-wallet-dialog"
      aria-labelledby="portal-wallet-title"
    >
      <DialogTitle id="portal-wallet-title">{t('payment.portalPay.walletTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          {state.kind === 'connect' ? (
            <>
              <DialogContentText>
                {hasBrowserWallet
                  ? t('payment.portalWallet.description', { amount })
                  : t('payment.portalPay.walletDescription', { amount })}
              </DialogContentText>
              <Box data-testid="portal-wallet-connect" sx={{ width: '100%' }}>
                <WalletConnect pay={pay} params={state.params} locale={locale} />
              </Box>
              <Typography sx={{ fontWeight: 600 }} data-testid="portal-wallet-amount">
                {amount}
              </Typography>
            </>
          ) : (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={20} />
              <Typography variant="body2">
                {state.kind === 'sending'
                  ? t('payment.portalWallet.sending')
                  : t('payment.portalPay.waiting')}
              </Typography>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={pay.cancel} disabled={state.kind === 'sending'}>
          {t('payment.portalPay.cancel')}
        </Button>
        <Button
          variant="contained"
          data-testid="portal-pay-browser-wallet"
          disabled={state.kind !== 'connect' || !hasBrowserWallet}
          onClick={pay.payWithBrowserWallet}
        >
          {t('payment.portalWallet.browser')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
