import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassDisabledOutlined from '@mui/icons-material/HourglassDisabledOutlined';
import PhonelinkOutlined from '@mui/icons-material/PhonelinkOutlined';
import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DidConnectControls } from './useDidConnect';

const QR_SIZE = 232;

function Centered({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      sx={{
        width: QR_SIZE,
        height: QR_SIZE,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {children}
    </Box>
  );
}

/** What the wallet's answer does: sign the visitor in, or pay (the words say which). */
export type ConnectPurpose = 'signIn' | 'pay';

/** The QR code, the link to copy, the flow's state in words, and the retry or test-wallet actions. */
export function DidConnectPanel({
  controls,
  purpose = 'signIn',
}: {
  controls: DidConnectControls;
  purpose?: ConnectPurpose;
}) {
  const { t } = useTranslation();
  const words = purpose === 'pay' ? 'auth.connect.pay' : 'auth.connect.signIn';
  const { state, retry, approveWithTestWallet } = controls;
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  let visual: ReactNode;
  let message: ReactNode;
  switch (state.kind) {
    case 'starting':
      visual = (
        <Centered>
          <CircularProgress aria-label={t('auth.connect.creating')} />
        </Centered>
      );
      message = t('auth.connect.creating');
      break;
    case 'waiting':
      visual = (
        <Box
          data-testid="did-connect-qr"
          data-url={state.url}
          data-state={state.scanned ? 'scanned' : 'waiting'}
          sx={{ p: 1.5, bgcolor: '#fff', borderRadius: 1, opacity: state.scanned ? 0.35 : 1, lineHeight: 0 }}
        >
          <QRCodeSVG value={state.url} size={QR_SIZE - 24} level="M" title={t('auth.connect.qrLabel')} />
        </Box>
      );
      message = state.scanned ? t('auth.connect.scanned') : t(`${words}.scan`);
      break;
    case 'approved':
      visual = (
        <Centered testId="did-connect-approved">
          <CheckCircleOutlined color="success" sx={{ fontSize: 96 }} />
        </Centered>
      );
      message = t(`${words}.approved`);
      break;
    case 'expired':
      visual = (
        <Centered testId="did-connect-expired">
          <HourglassDisabledOutlined color="disabled" sx={{ fontSize: 96 }} />
        </Centered>
      );
      message = t('auth.connect.expired');
      break;
    case 'failed':
      visual = (
        <Centered testId="did-connect-error">
          <ErrorOutlineOutlined color="error" sx={{ fontSize: 96 }} />
        </Centered>
      );
      message =
        state.reason === 'forbidden'
          ? t('auth.connect.forbidden')
          : t(`${words}.failed`, { message: state.message });
      break;
  }

  const copyLink = (url: string) => {
    navigator.clipboard.writeText(url).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }} data-testid="did-connect" data-state={state.kind}>
      {visual}
      <Typography role="status" aria-live="polite" sx={{ textAlign: 'center', minHeight: '3em' }}>
        {message}
      </Typography>
      {state.kind === 'waiting' ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
          <Button
            size="small"
            startIcon={<PhonelinkOutlined />}
            component={Link}
            href={state.url}
            data-testid="did-connect-open"
          >
            {t('auth.connect.openInWallet')}
          </Button>
          <Button
            size="small"
            startIcon={<ContentCopyOutlined />}
            onClick={() => copyLink(state.url)}
            data-testid="did-connect-copy"
          >
            {copy === 'copied' ? t('auth.connect.copied') : t('auth.connect.copyLink')}
          </Button>
        </Stack>
      ) : null}
      {copy === 'failed' ? <Alert severity="warning">{t('auth.connect.copyFailed')}</Alert> : null}
      {state.kind === 'waiting' && state.devWallet ? (
        <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
          <Button
            variant="outlined"
            onClick={approveWithTestWallet}
            disabled={state.devApproving}
            data-testid="did-connect-dev-wallet"
          >
            {t('auth.connect.devWallet')}
          </Button>
          <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'center' }}>
            {t(`${words}.devWalletHint`)}
          </Typography>
        </Stack>
      ) : null}
      {state.kind === 'expired' || state.kind === 'failed' ? (
        <Button variant="contained" onClick={retry} data-testid="did-connect-retry">
          {t('auth.connect.retry')}
        </Button>
      ) : null}
    </Stack>
  );
}
