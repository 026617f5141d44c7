import { Box, CircularProgress } from '@mui/material';
import { Suspense, lazy, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { DidConnectDialog } from './DidConnectDialog';
import type { DidConnectPanel } from './DidConnectPanel';

// The QR code and the connect panel are only needed once a visitor pays or signs in: pages that may
// need them (the checkout) load them then, or earlier through `preloadDidConnect` on the first sign of
// intent, instead of with the page.
const loadPanel = () => import('./DidConnectPanel');
const loadDialog = () => import('./DidConnectDialog');

const Panel = lazy(async () => ({ default: (await loadPanel()).DidConnectPanel }));
const Dialog = lazy(async () => ({ default: (await loadDialog()).DidConnectDialog }));

/** Starts fetching the DID Connect code, e.g. when the buyer presses Pay. */
export function preloadDidConnect(): void {
  void loadPanel();
  void loadDialog();
}

/** The connect panel's room (the QR code's size) with a spinner while its code arrives. */
function Waiting() {
  const { t } = useTranslation();
  return (
    <Box sx={{ width: 232, height: 232, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress aria-label={t('platform.loading')} />
    </Box>
  );
}

export function LazyDidConnectPanel(props: ComponentProps<typeof DidConnectPanel>) {
  return (
    <Suspense fallback={<Waiting />}>
      <Panel {...props} />
    </Suspense>
  );
}

/** The DID Connect dialog, fetched the first time it opens; it stays mounted afterwards. */
export function LazyDidConnectDialog(props: ComponentProps<typeof DidConnectDialog>) {
  const [wanted, setWanted] = useState(props.open);
  // Remembered during render (React's pattern for state derived from props), so it never unmounts.
  if (props.open && !wanted) setWanted(true);
  if (!wanted && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
