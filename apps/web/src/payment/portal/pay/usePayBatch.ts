// One portal payment of a frozen batch (one invoice, or one currency's overdue invoices): the DID
// wallet signs its one transfer through the `collect-batch` action, or the browser wallet (injected
// EIP-1193) sends it to the target the server froze and the page posts its hash; then wait (every
// 2 s, at most 3 minutes) until `isPaid` says the invoices are paid. Failures toast SPEC §8's
// 'Failed to paid the invoice' with the reason.
import type { OverdueBatch, OverdueBatchBody } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatError } from '../../checkout/logic/errorText';
import { injectedProvider, payWithProvider } from '../../checkout/logic/ethereum';
import { openBatch, postBatchTx, walletTarget } from './payApi';

export const COLLECT_BATCH_ACTION = 'collect-batch';
export const PAID_POLL_MS = 2_000;
export const PAID_TIMEOUT_MS = 3 * 60_000;

export type BatchPayState =
  | { kind: 'idle' }
  | { kind: 'opening' }
  | { kind: 'connect'; batch: OverdueBatch; params: Record<string, string> }
  /** The browser wallet is asked to send the transfer; its hash is then posted. */
  | { kind: 'sending'; batch: OverdueBatch }
  | { kind: 'paying' }
  | { kind: 'paid' }
  | { kind: 'failed'; message: string };

export interface BatchPay {
  state: BatchPayState;
  start(body: OverdueBatchBody): void;
  walletApproved(): void;
  connectFailed(message: string): void;
  /** Pays the batch with the injected browser wallet (the checkout's "Pay with browser wallet"). */
  payWithBrowserWallet(): void;
  cancel(): void;
}

/** The wallet action's extra params for a batch: currencyId, the owner, and the frozen batch's id. */
export function connectParams(body: OverdueBatchBody, batchId: string): Record<string, string> {
  return {
    currencyId: body.currencyId,
    ...(body.subscriptionId ? { subscriptionId: body.subscriptionId } : {}),
    ...(body.customerId ? { customerId: body.customerId } : {}),
    batchId,
  };
}

export function usePayBatch(
  mountPoint: string,
  livemode: boolean,
  isPaid: () => Promise<boolean>,
  onPaid: () => void,
): BatchPay {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [state, setState] = useState<BatchPayState>({ kind: 'idle' });
  const latest = useRef({ isPaid, onPaid });
  useEffect(() => {
    latest.current = { isPaid, onPaid };
  }, [isPaid, onPaid]);
  const fail = useCallback(
    (message: string) => {
      enqueueSnackbar(`${t('payment.portalPay.failed')}: ${message}`, { variant: 'error' });
      setState({ kind: 'failed', message });
    },
    [enqueueSnackbar, t],
  );

  const lastBody = useRef<OverdueBatchBody | null>(null);
  const start = useCallback(
    (body: OverdueBatchBody) => {
      lastBody.current = body;
      setState({ kind: 'opening' });
      openBatch(mountPoint, livemode, body).then(
        (batch) => setState({ kind: 'connect', batch, params: connectParams(body, batch.id) }),
        (error: unknown) => fail(formatError(error)),
      );
    },
    [mountPoint, livemode, fail],
  );

  const paying = state.kind === 'paying';
  useEffect(() => {
    if (!paying) return;
    let live = true;
    const deadline = Date.now() + PAID_TIMEOUT_MS;
    const check = async () => {
      while (live && Date.now() < deadline) {
        if (await latest.current.isPaid().catch(() => false)) {
          if (!live) return;
          setState({ kind: 'paid' });
          enqueueSnackbar(t('payment.portalPay.paid'), { variant: 'success' });
          latest.current.onPaid();
          return;
        }
        await new Promise((r) => setTimeout(r, PAID_POLL_MS));
      }
      if (live) fail(t('payment.portalPay.waiting'));
    };
    void check();
    return () => {
      live = false;
    };
  }, [paying, enqueueSnackbar, t, fail]);

  const payWithBrowserWallet = useCallback(() => {
    const body = lastBody.current;
    if (state.kind !== 'connect' || !body) return;
    const provider = injectedProvider(window);
    if (!provider) {
      fail(t('payment.portalWallet.noBrowserWallet'));
      return;
    }
    setState({ kind: 'sending', batch: state.batch });
    walletTarget(mountPoint, livemode, body)
      .then(async ({ batch, paymentTarget }) => {
        // A browser wallet pays EVM targets only: a Bitcoin target is paid from its address and QR code,
        // and card invoices are retried off-session by the billing engine, never paid in this dialog.
        if (paymentTarget.rail === 'stripe') throw new Error(t('payment.portalPay.overdue.notSupported'));
        if (paymentTarget.rail !== 'evm') throw new Error(t('payment.portalWallet.noBrowserWallet'));
        const hash = await payWithProvider(provider, paymentTarget);
        return postBatchTx(mountPoint, livemode, batch.id, hash);
      })
      .then(
        () => setState({ kind: 'paying' }),
        (error: unknown) => fail(formatError(error)),
      );
  }, [state, mountPoint, livemode, fail, t]);

  const walletApproved = useCallback(() => setState({ kind: 'paying' }), []);
  const cancel = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, start, walletApproved, connectFailed: fail, payWithBrowserWallet, cancel };
}
