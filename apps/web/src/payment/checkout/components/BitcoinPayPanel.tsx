import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { BitcoinPaymentTarget } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutApi } from '../logic/api';
import { bitcoinStatus, btcText, type BitcoinStatus } from '../logic/bitcoin';
import { formatError } from '../logic/errorText';

const POLL_MS = 2_000;

function CopyText({ text, label, testId }: { text: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => enqueueSnackbar(t('payment.checkout.bitcoin.copied'), { variant: 'success' }),
      () => enqueueSnackbar(t('payment.checkout.bitcoin.copyFailed'), { variant: 'error' }),
    );
  return (
    <Button size="small" startIcon={<ContentCopyOutlined />} onClick={copy} data-testid={testId}>
      {label}
    </Button>
  );
}

/**
 * A Bitcoin payment: the BIP21 QR code, the address and amount with copy buttons, and the payment's
 * live status (polled from the checkout every 2 s): waiting, seen, confirming n/m, underpaid, paid.
 */
export function BitcoinPayPanel({
  target,
  api,
  sessionId,
  onPaid,
  testMode,
}: {
  target: BitcoinPaymentTarget;
  api: CheckoutApi;
  sessionId: string;
  onPaid: () => void;
  /** Test mode: offer the server's test wallet (it pays on the local regtest chain). */
  testMode: boolean;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [sending, setSending] = useState(false);
  const payWithTestWallet = () => {
    setSending(true);
    api.testWalletPay(sessionId).then(
      () => setStatus({ kind: 'seen' }),
      (error: unknown) => {
        setSending(false);
        enqueueSnackbar(formatError(error), { variant: 'error' });
      },
    );
  };
  const [status, setStatus] = useState<BitcoinStatus>({ kind: 'waiting' });
  useEffect(() => {
    let stopped = false;
    const check = () =>
      api.retrieve(sessionId).then(
        (view) => {
          if (stopped) return;
          const next = bitcoinStatus(view);
          setStatus(next);
          if (next.kind === 'paid') onPaid();
        },
        () => undefined,
      );
    void check();
    const timer = setInterval(() => void check(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [api, sessionId, onPaid]);
  const btc = btcText(BigInt(target.amount));
  const words: Record<BitcoinStatus['kind'], string> = {
    waiting: t('payment.checkout.bitcoin.waiting'),
    seen: t('payment.checkout.bitcoin.seen', { required: target.confirmations }),
    confirming: t('payment.checkout.bitcoin.confirming', {
      confirmations: status.kind === 'confirming' ? status.confirmations : 0,
      required: status.kind === 'confirming' ? status.required : target.confirmations,
    }),
    underpaid: t('payment.checkout.bitcoin.underpaid', {
      message: status.kind === 'underpaid' ? status.message : '',
    }),
    paid: t('payment.checkout.bitcoin.paid'),
  };
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', width: '100%' }} data-testid="bitcoin-pay">
      <Typography variant="body2">{t('payment.checkout.bitcoin.description')}</Typography>
      <Box sx={{ p: 1.5, bgcolor: '#fff', borderRadius: 1, lineHeight: 0 }} data-uri={target.uri}>
        <QRCodeSVG value={target.uri} size={200} level="M" title={t('payment.checkout.bitcoin.qr')} />
      </Box>
      <Box sx={{ width: '100%' }}>
        <Typography variant="caption" component="p">
          {t('payment.checkout.bitcoin.address')}
        </Typography>
        <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="bitcoin-address">
          {target.address}
        </Typography>
        <CopyText
          text={target.address}
          label={t('payment.checkout.bitcoin.copyAddress')}
          testId="copy-address"
        />
      </Box>
      <Box sx={{ width: '100%' }}>
        <Typography variant="caption" component="p">
          {t('payment.checkout.bitcoin.amount')}
        </Typography>
        <Typography sx={{ fontFamily: 'monospace' }} data-testid="bitcoin-amount">
          {btc} BTC
        </Typography>
        <CopyText text={btc} label={t('payment.checkout.bitcoin.copyAmount')} testId="copy-amount" />
      </Box>
      <Typography role="status" aria-live="polite" data-testid="bitcoin-status" data-kind={status.kind}>
        {words[status.kind]}
      </Typography>
      {testMode && status.kind === 'waiting' ? (
        <Button
          variant="outlined"
          onClick={payWithTestWallet}
          disabled={sending}
          data-testid="bitcoin-test-wallet"
        >
          {t('payment.checkout.bitcoin.testWallet')}
        </Button>
      ) : null}
    </Stack>
  );
}
