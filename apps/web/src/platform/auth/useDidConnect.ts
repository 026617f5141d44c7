import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useLocale } from '../locale/useLocale';
import { approveWithDevWallet, ConnectApiError, createToken, expireToken, fetchStatus } from './connectApi';
import { connectReducer, POLL_INTERVAL_MS, type ConnectState } from './connectMachine';

export interface DidConnectControls {
  state: ConnectState;
  retry(): void;
  approveWithTestWallet(): void;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Runs one DID Connect flow for `action`: creates the token, polls its status every 2 s until the
 * wallet approves, fails or the 5 minutes run out (then tells the server), and calls `onApproved`
 * once. `retry` starts over with a new QR code.
 */
export function useDidConnect(
  action: string,
  onApproved: (did: string) => void,
  params?: Readonly<Record<string, string>>,
): DidConnectControls {
  const { locale } = useLocale();
  const [state, dispatch] = useReducer(connectReducer, { kind: 'starting' });
  const approved = useRef(onApproved);
  useEffect(() => {
    approved.current = onApproved;
  }, [onApproved]);

  // The parameters by value, so a new object with the same entries does not restart the flow.
  const paramsKey = JSON.stringify(params ?? {});
  useEffect(() => {
    if (state.kind !== 'starting') return;
    let live = true;
    createToken(action, locale, JSON.parse(paramsKey) as Record<string, string>).then(
      (t) => live && dispatch({ type: 'started', ...t, now: Date.now() }),
      (err: unknown) => live && dispatch({ type: 'failed', message: messageOf(err) }),
    );
    return () => {
      live = false;
    };
  }, [state.kind, action, locale, paramsKey]);

  const token = state.kind === 'waiting' ? state.token : null;
  useEffect(() => {
    if (!token) return;
    let live = true;
    let busy = false;
    const poll = async () => {
      dispatch({ type: 'tick', now: Date.now() });
      if (busy) return;
      busy = true;
      try {
        const status = await fetchStatus(action, token, locale);
        if (live) dispatch({ type: 'status', ...status });
      } catch (err) {
        if (!live) return;
        if (err instanceof ConnectApiError && err.status === 404) dispatch({ type: 'gone' });
        else if (err instanceof ConnectApiError && err.code === 'connect_forbidden') {
          dispatch({ type: 'forbidden', message: err.message });
        }
        // Other failures (network, 5xx) are retried on the next tick.
      } finally {
        busy = false;
      }
    };
    const timer = setInterval(() => void poll(), POLL_INTERVAL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [token, action, locale]);

  // The last token shown: told to the server when it expires, and approved at most once.
  const lastToken = useRef<string | null>(null);
  const reported = useRef(false);
  useEffect(() => {
    if (state.kind === 'waiting') {
      lastToken.current = state.token;
      reported.current = false;
    }
    if (state.kind === 'expired' && lastToken.current) {
      expireToken(action, lastToken.current, locale);
      lastToken.current = null;
    }
    if (state.kind === 'approved' && !reported.current) {
      reported.current = true;
      approved.current(state.did);
    }
  }, [state, action, locale]);

  const retry = useCallback(() => dispatch({ type: 'retry' }), []);
  const approveWithTestWallet = useCallback(() => {
    if (!token) return;
    dispatch({ type: 'devApproving', on: true });
    const run = async () => {
      try {
        await approveWithDevWallet(action, token, locale);
        dispatch({ type: 'status', ...(await fetchStatus(action, token, locale)) });
      } catch (err) {
        dispatch({ type: 'failed', message: messageOf(err) });
      } finally {
        dispatch({ type: 'devApproving', on: false });
      }
    };
    void run();
  }, [token, action, locale]);

  return { state, retry, approveWithTestWallet };
}
