import { connectToken } from '@payshelf/api';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { approveWithDevWallet, fetchStatus } from '../../platform/auth/connectApi';
import { connectReducer, POLL_INTERVAL_MS } from '../../platform/auth/connectMachine';
import type { DidConnectControls } from '../../platform/auth/useDidConnect';
import type { Locale } from '../../platform/locale/locale';

/** Extra params of a payment's DID Connect action (`checkoutSessionId`, `currencyId`, …). */
export type ConnectParams = Record<string, string>;

async function createToken(action: string, locale: Locale, params: ConnectParams) {
  const res = await fetch(`/api/did/${action}/token`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ locale, ...params }),
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
 * One wallet-connect flow of a payment action (the checkout's `checkout`, the portal's
 * `collect-batch`). `onApproved` once the wallet's transfer is accepted; `onFailed` with the message.
 * `paramsKey` identifies the params: a new key starts a new flow.
 */
export function useConnectAction(
  action: string,
  params: ConnectParams,
  locale: Locale,
  onApproved: () => void,
  onFailed: (message: string) => void,
): DidConnectControls {
  const [state, dispatch] = useReducer(connectReducer, { kind: 'starting' });
  const callbacks = useRef({ onApproved, onFailed });
  useEffect(() => {
    callbacks.current = { onApproved, onFailed };
  }, [onApproved, onFailed]);
  const paramsKey = JSON.stringify(params);

  useEffect(() => {
    if (state.kind !== 'starting') return;
    let live = true;
    createToken(action, locale, JSON.parse(paramsKey) as ConnectParams).then(
      (t) => live && dispatch({ type: 'started', ...t, now: Date.now() }),
      (err: unknown) => live && dispatch({ type: 'failed', message: messageOf(err) }),
    );
    return () => {
      live = false;
    };
  }, [state.kind, action, paramsKey, locale]);

  const token = state.kind === 'waiting' ? state.token : null;
  useEffect(() => {
    if (!token) return;
    let live = true;
    const timer = setInterval(() => {
      dispatch({ type: 'tick', now: Date.now() });
      fetchStatus(action, token, locale).then(
        (status) => live && dispatch({ type: 'status', ...status }),
        () => undefined,
      );
    }, POLL_INTERVAL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [action, token, locale]);

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
    approveWithDevWallet(action, token, locale)
      .then(() => fetchStatus(action, token, locale))
      .then(
        (status) => dispatch({ type: 'status', ...status }),
        (err: unknown) => dispatch({ type: 'failed', message: messageOf(err) }),
      )
      .finally(() => dispatch({ type: 'devApproving', on: false }));
  }, [action, token, locale]);

  return { state, retry, approveWithTestWallet };
}
