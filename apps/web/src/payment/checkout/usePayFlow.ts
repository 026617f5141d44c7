import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutRequestError, type CheckoutApi, type CheckoutView, type SubmitBody } from './logic/api';
import { initialPayState, payReducer, type PayState } from './logic/checkoutMachine';
import { formatError } from './logic/errorText';
import { injectedProvider, payWithProvider } from './logic/ethereum';
import { provedPayer } from './logic/payer';
import { approveWithProvider, walletAccount } from './allowance/allowance';
import { waitForCheckoutComplete } from './logic/poller';
import { watchCheckout } from './logic/relay';
import { preloadDidConnect } from '../../platform/auth/LazyDidConnect';

export const SHAKE_MS = 1_000;

export interface PayFlow {
  state: PayState;
  submit(body: SubmitBody, options: { credit: boolean; donation: boolean }): void;
  confirmFastPay(): void;
  payWithBrowserWallet(): void;
  /** The card form's payment succeeded: post its transfer reference, then wait for completion. */
  cardPaid(txRef: string): Promise<void>;
  /** The wallet-connect (DID Connect) transfer was accepted: wait for completion. */
  walletApproved(): void;
  /** Connect errors toast and reset (SPEC section 8). */
  connectFailed(message: string): void;
  cancel(): void;
  /** The overdue invoices that refused the last submission (CUSTOMER_LIMITED) are paid: submit it again. */
  retryLimited(): void;
}

/** Emits `error.{code}` on the window, for whoever listens (the overdue dialog, analytics). */
function emitError(code: string, error: unknown) {
  window.dispatchEvent(new CustomEvent(`error.${code}`, { detail: error }));
}

const RELAY_STATES = new Set(['walletConnect', 'browserWallet', 'fastPay', 'paying', 'stripePaying']);

/** Runs the checkout state machine's effects: submit, fast pay, browser wallet, relay and one poller. */
export function usePayFlow(
  api: CheckoutApi,
  sessionId: string,
  onPaid: (view: CheckoutView) => void,
  onShake: () => void,
): PayFlow {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [state, dispatch] = useReducer(payReducer, initialPayState);
  const onPaidRef = useRef(onPaid);
  useEffect(() => {
    onPaidRef.current = onPaid;
  }, [onPaid]);
  const toast = useCallback(
    (error: unknown) => enqueueSnackbar(formatError(error), { variant: 'error' }),
    [enqueueSnackbar],
  );

  const lastSubmit = useRef<{ body: SubmitBody; options: { credit: boolean; donation: boolean } } | null>(
    null,
  );
  const submit = useCallback(
    (body: SubmitBody, options: { credit: boolean; donation: boolean }) => {
      lastSubmit.current = { body, options };
      dispatch({ type: 'SUBMIT' });
      // The wallet dialog's code arrives while the submission travels.
      preloadDidConnect();
      // The browser wallet's shared account, once the customer proved it, is the payer fast pay checks.
      provedPayer(api, sessionId, body.payment_method, injectedProvider(window))
        .then((payer) => api.submit(sessionId, payer ? { ...body, payer } : body, options.donation))
        .then(
          (answer) => dispatch({ type: 'SUBMITTED', answer, ...options }),
          (error: unknown) => {
            const code = error instanceof CheckoutRequestError ? error.code : undefined;
            dispatch({ type: 'SUBMIT_FAILED', code });
            if (code === 'CUSTOMER_LIMITED') return;
            if (code === 'REQUIRE_CROSS_SELL') onShake();
            emitError(code ?? 'unknown', error);
            toast(error);
          },
        );
    },
    [api, sessionId, onShake, toast],
  );

  const confirmFastPay = useCallback(() => {
    dispatch({ type: 'FAST_CONFIRM' });
    api.fastConfirm(sessionId).then(
      ({ fastPaid, message }) => {
        if (!fastPaid) enqueueSnackbar(message ?? t('payment.checkout.fastPay.failed'), { variant: 'error' });
        dispatch({ type: 'FAST_RESULT', fastPaid });
      },
      (error: unknown) => {
        enqueueSnackbar(t('payment.checkout.fastPay.failed'), { variant: 'error' });
        console.error(error);
        dispatch({ type: 'FAST_RESULT', fastPaid: false });
      },
    );
  }, [api, sessionId, enqueueSnackbar, t]);

  const payWithBrowserWallet = useCallback(() => {
    if (state.status !== 'walletConnect') return;
    const target = state.answer.paymentTarget;
    const provider = injectedProvider(window);
    dispatch({ type: 'USE_BROWSER_WALLET' });
    if (!provider || target?.rail !== 'evm') {
      enqueueSnackbar(t('payment.checkout.wallet.noBrowserWallet'), { variant: 'error' });
      dispatch({ type: 'CONNECT_FAILED' });
      return;
    }
    const offer = state.answer.allowance;
    payWithProvider(provider, target)
      .then((hash) => api.sentTransaction(sessionId, hash))
      // A subscription then asks the same account to approve the allowance renewals are pulled from;
      // declining it leaves the payment made (the portal offers it again).
      .then(() =>
        offer
          ? walletAccount(provider)
              .then((from) => approveWithProvider(provider, offer, from))
              .catch(() => enqueueSnackbar(t('payment.allowance.declined'), { variant: 'info' }))
          : undefined,
      )
      .then(
        () => dispatch({ type: 'TX_SENT' }),
        (error: unknown) => {
          toast(error);
          dispatch({ type: 'CONNECT_FAILED' });
        },
      );
  }, [state, api, sessionId, enqueueSnackbar, t, toast]);

  const watching = RELAY_STATES.has(state.status);
  useEffect(() => {
    if (!watching) return;
    return watchCheckout(sessionId, () => dispatch({ type: 'COMPLETED_EVENT' }));
  }, [watching, sessionId]);

  const paying = state.status === 'paying';
  useEffect(() => {
    if (!paying) return;
    const controller = new AbortController();
    let last: CheckoutView | null = null;
    waitForCheckoutComplete(
      async () => {
        last = await api.retrieve(sessionId);
        return last;
      },
      { signal: controller.signal },
    ).then(
      (done) => {
        if (!done || !last) return;
        onPaidRef.current(last);
        dispatch({ type: 'PAID' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        toast(error);
        dispatch({ type: 'PAY_FAILED', message: formatError(error) });
      },
    );
    return () => controller.abort();
  }, [paying, api, sessionId, toast]);

  const walletApproved = useCallback(() => dispatch({ type: 'COMPLETED_EVENT' }), []);
  const cardPaid = useCallback(
    (txRef: string) =>
      api.sentTransaction(sessionId, txRef).then(() => {
        dispatch({ type: 'CARD_PAID' });
      }),
    [api, sessionId],
  );
  const connectFailed = useCallback(
    (message: string) => {
      // A DID wallet may decline a subscription's allowance after its payment went through: the
      // checkout is then paid, and only the renewals wait for an approve (the portal offers it).
      api
        .retrieve(sessionId)
        .then(
          (view) => view.checkoutSession.status === 'complete',
          () => false,
        )
        .then((paid) => {
          if (paid) {
            enqueueSnackbar(t('payment.allowance.declined'), { variant: 'info' });
            dispatch({ type: 'COMPLETED_EVENT' });
            return;
          }
          enqueueSnackbar(message, { variant: 'error' });
          dispatch({ type: 'CONNECT_FAILED' });
        });
    },
    [api, sessionId, enqueueSnackbar, t],
  );
  const cancel = useCallback(() => dispatch({ type: 'CANCEL' }), []);
  const retryLimited = useCallback(() => {
    const last = lastSubmit.current;
    if (last) submit(last.body, last.options);
  }, [submit]);
  return {
    state,
    submit,
    confirmFastPay,
    payWithBrowserWallet,
    walletApproved,
    cardPaid,
    connectFailed,
    cancel,
    retryLimited,
  };
}
