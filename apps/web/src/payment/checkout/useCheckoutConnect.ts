import { connectToken } from '@payshelf/api';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { approveWithDevWallet, fetchStatus } from '../../platform/auth/connectApi';
import { connectReducer, POLL_INTERVAL_MS } from '../../platform/auth/connectMachine';
import type { DidConnectControls } from '../../platform/auth/useDidConnect';
import type { Locale } from '../../platform/locale/locale';

/** The DID Connect `checkout` action: the wallet signs the transfer, the server broadcasts it. */
export const CHECKOUT_ACTION = 'checkout';

async function createCheckoutToken(locale: Locale, checkoutSessionId: string, sessionUserDid?: string) {
  const res = await fetch(`/api/did/${CHECKOUT_ACTION}/token`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ locale, checkoutSessionId, ...(sessionUserDid ? { sessionUserDid } : {}) }),
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = (json as { error?: { message?: string } } | null)?.error?.message;
    throw new Error(message ?? `HTTP ${res.status}`);
  }
  return connectToken.parse(json);
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * One wallet-connect flow for a checkout session (extra params checkoutSessionId and sessionUserDid).
 * `onApproved` once the wallet's transfer is accepted; `onFailed` with the message when it fails.
 */
export function useCheckoutConnect(
  sessionId: string,
  userDid: string | undefined,
  locale: Locale,
  onApproved: () => void,
  onFailed: (message: string) => void,
): DidConnectControls {
  const [state, dispatch] = useReducer(connectReducer, { kind: 'starting' });
  const callbacks = useRef({ onApproved, onFailed });
  useEffect(() => {
    callbacks.current = { onApproved, onFailed };
  }, [onApproved, onFailed]);

  useEffect(() => {
    if (state.kind !== 'starting') return;
    let live = true;
    createCheckoutToken(locale, sessionId, userDid).then(
      (t) => live && dispatch({ type: 'started', ...t, now: Date.now() }),
      (err: unknown) => live && dispatch({ type: 'failed', message: messageOf(err) }),
    );
    return () => {
      live = false;
    };
  }, [state.kind, sessionId, userDid, locale]);

  const token = state.kind === 'waiting' ? state.token : null;
  useEffect(() => {
    if (!token) return;
    let live = true;
    const timer = setInterval(() => {
      dispatch({ type: 'tick', now: Date.now() });
      fetchStatus(CHECKOUT_ACTION, token, locale).then(
        (status) => live && dispatch({ type: 'status', ...status }),
        () => undefined,
      );
    }, POLL_INTERVAL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [token, locale]);

  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    if (state.kind === 'approved') {
      reported.current = true;
      callbacks.current.onApproved();
    }
    if (state.kind === 'failed') {
      reported.current = true;
      callbacks.current.onFailed(state.message);
    }
  }, [state]);

  const retry = useCallback(() => {
    reported.current = false;
    dispatch({ type: 'retry' });
  }, []);
  const approveWithTestWallet = useCallback(() => {
    if (!token) return;
    dispatch({ type: 'devApproving', on: true });
    approveWithDevWallet(CHECKOUT_ACTION, token, locale)
      .then(() => fetchStatus(CHECKOUT_ACTION, token, locale))
      .then(
        (status) => dispatch({ type: 'status', ...status }),
        (err: unknown) => dispatch({ type: 'failed', message: messageOf(err) }),
      )
      .finally(() => dispatch({ type: 'devApproving', on: false }));
  }, [token, locale]);

  return { state, retry, approveWithTestWallet };
}
