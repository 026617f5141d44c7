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
import type { CheckoutApi } from '../logic/api';
import { LazyDidConnectPanel } from '../../../platform/auth/LazyDidConnect';
import type { Locale } from '../../../platform/locale/locale';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { atMountPoint } from '../../paths';
import { rememberTopUp } from '../logic/topUpReturn';
import type { PayState } from '../logic/checkoutMachine';
import { money } from '../logic/format';
import { useCheckoutSlots } from '../slots';
import { CardPayment } from './CardPayment';
import { allowanceWords } from '../allowance/allowance';
import { useCheckoutConnect } from '../useCheckoutConnect';
import type { PayFlow } from '../usePayFlow';
import { BitcoinPayPanel } from './BitcoinPayPanel';

interface PayDialogsProps {
  flow: PayFlow;
  currency: PaymentCurrency;
  locale: Locale;
  hasBrowserWallet: boolean;
  sessionId: string;
  userDid: string | undefined;
  /** The payment mount point: the overdue dialog's calls and its past-due page link live under it. */
  mountPoint: string;
  api: CheckoutApi;
  livemode: boolean;
}

/** The wallet-connect QR code (DID Connect `checkout` action); mounted while the dialog offers it. */
function WalletConnect({
  flow,
  sessionId,
  userDid,
  locale,
}: Pick<PayDialogsProps, 'flow' | 'sessionId' | 'userDid' | 'locale'>) {
  const controls = useCheckoutConnect(sessionId, userDid, locale, flow.walletApproved, flow.connectFailed);
  return <LazyDidConnectPanel controls={controls} purpose="pay" />;
}

function amountOf(state: PayState, currency: PaymentCurrency, locale: string): string {
  if (state.status !== 'fastPay' && state.status !== 'walletConnect' && state.status !== 'stripePaying')
    return '';
  const units =
    state.answer.paymentTarget?.amount ??
    state.answer.fastPayInfo?.amount ??
    state.answer.checkoutSession.amount_total;
  return money(BigInt(units), currency, locale);
}

/** The fast-pay confirm, credit-insufficient, wallet and overdue dialogs of the checkout state machine. */
export function PayDialogs({
  flow,
  currency,
  locale,
  hasBrowserWallet,
  sessionId,
  userDid,
  mountPoint,
  api,
  livemode,
}: PayDialogsProps) {
  const { t } = useTranslation();
  const { Overdue } = useCheckoutSlots();
  const navigate = useNavigate();
  const location = useLocation();
  const { state } = flow;
  const topUp = state.status === 'creditInsufficient' ? (state.answer.creditTopUp ?? null) : null;
  // Top up opens the credit's top-up checkout; once paid, it comes back to this checkout.
  const openTopUp = (linkId: string) => {
    rememberTopUp(window.sessionStorage, linkId, `${location.pathname}${location.search}`);
    flow.cancel();
    void navigate(atMountPoint(mountPoint, `checkout/link/${linkId}`));
  };
  const amount = amountOf(state, currency, locale);
  const allowance =
    state.status === 'walletConnect' || state.status === 'browserWallet' ? state.answer.allowance : undefined;
  const cardTarget = state.status === 'stripePaying' ? state.answer.paymentTarget : null;
  // A Bitcoin target is paid from its own address (QR code, copy buttons), never through a connect wallet.
  const target = state.status === 'walletConnect' ? state.answer.paymentTarget : undefined;
  const bitcoin = target?.rail === 'bitcoin' ? target : null;
  return (
    <>
      {cardTarget?.rail === 'stripe' ? (
        <CardPayment
          target={cardTarget}
          amount={amount}
          locale={locale}
          onPaid={flow.cardPaid}
          onCancel={flow.cancel}
        />
      ) : null}
      {state.status === 'customerLimited' && Overdue ? (
        <Overdue
          api={api}
          mountPoint={mountPoint}
          livemode={livemode}
          onCancel={flow.cancel}
          onPaid={flow.retryLimited}
        />
      ) : null}
      <Dialog open={state.status === 'fastPay'} onClose={flow.cancel} data-testid="fast-pay-dialog">
        <DialogTitle>{t('payment.checkout.fastPay.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {state.status === 'fastPay' && state.source === 'credit'
              ? t('payment.checkout.fastPay.creditDescription', { amount })
              : t('payment.checkout.fastPay.description', { amount })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={flow.cancel} disabled={state.status === 'fastPay' && state.confirming}>
            {t('payment.checkout.fastPay.cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={flow.confirmFastPay}
            disabled={state.status === 'fastPay' && state.confirming}
            data-testid="fast-pay-confirm"
          >
            {t('payment.checkout.fastPay.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={state.status === 'creditInsufficient'} onClose={flow.cancel} data-testid="credit-dialog">
        <DialogTitle>{t('payment.checkout.credit.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('payment.checkout.credit.description')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={flow.cancel}>{t('payment.checkout.credit.close')}</Button>
          {topUp ? (
            <Button
              variant="contained"
              onClick={() => openTopUp(topUp.payment_link_id)}
              data-testid="credit-top-up"
            >
              {t('payment.checkout.credit.topUp')}
            </Button>
          ) : null}
        </DialogActions>
      </Dialog>
      <Dialog
        open={state.status === 'walletConnect' || state.status === 'browserWallet'}
        onClose={state.status === 'walletConnect' ? flow.cancel : undefined}
        data-testid="wallet-dialog"
      >
        <DialogTitle>
          {bitcoin ? t('payment.checkout.bitcoin.title') : t('payment.checkout.wallet.title')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            {bitcoin ? (
              <BitcoinPayPanel
                target={bitcoin}
                api={api}
                sessionId={sessionId}
                onPaid={flow.walletApproved}
                testMode={!livemode}
              />
            ) : (
              <DialogContentText>{t('payment.checkout.wallet.description')}</DialogContentText>
            )}
            {state.status === 'walletConnect' && !bitcoin ? (
              <Box data-testid="wallet-connect" sx={{ width: '100%' }}>
                <WalletConnect flow={flow} sessionId={sessionId} userDid={userDid} locale={locale} />
              </Box>
            ) : null}
            <Typography sx={{ fontWeight: 600 }}>{amount}</Typography>
            {allowance ? (
              <Typography variant="body2" data-testid="allowance-words" sx={{ textAlign: 'center' }}>
                {allowanceWords(t, allowance, currency, locale)} {t('payment.allowance.checkout')}
              </Typography>
            ) : null}
            {state.status === 'browserWallet' ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <CircularProgress size={20} />
                <Typography variant="body2">{t('payment.checkout.wallet.waiting')}</Typography>
              </Stack>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={flow.cancel} disabled={state.status !== 'walletConnect'}>
            {t('payment.checkout.wallet.cancel')}
          </Button>
          {bitcoin ? null : (
            <Button
              variant="contained"
              data-testid="pay-browser-wallet"
              disabled={state.status !== 'walletConnect' || !hasBrowserWallet}
              onClick={flow.payWithBrowserWallet}
            >
              {t('payment.checkout.wallet.browser')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
