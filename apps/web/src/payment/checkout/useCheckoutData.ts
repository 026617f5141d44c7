import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DEFAULT_APP_CONFIG } from '../../platform/config/appConfig';
import { useAppConfig } from '../../platform/config/useAppConfig';
import { readLivemode, writeLivemode } from '../admin/livemode/livemodeStorage';
import { atMountPoint } from '../paths';
import { CheckoutApi, type CheckoutSessionData, type CheckoutView } from './logic/api';
import { startOrResume } from './logic/linkSession';

/** SPEC section 4: the placeholders show about 0.5 s at load. */
export const PLACEHOLDER_MS = 500;

export type CheckoutLoad =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; view: CheckoutView };

export interface CheckoutData {
  load: CheckoutLoad;
  api: CheckoutApi;
  mountPoint: string;
  /** A session change answered the updated session. */
  setSession(session: CheckoutSessionData): void;
  reload(): Promise<void>;
}

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads the checkout: a payment link continues this browser's open session of the link or starts one
 * (and the address becomes `checkout/pay/{cs}`),
 * a session id is retrieved. The session's mode becomes the app's mode (SPEC section 4).
 */
export function useCheckoutData(source: { link: string } | { session: string }): CheckoutData {
  const mountPoint = (useAppConfig() ?? DEFAULT_APP_CONFIG).paymentMountPoint;
  const navigate = useNavigate();
  const location = useLocation();
  const key = 'link' in source ? `link:${source.link}` : `session:${source.session}`;
  // A started link hands its view over to the session page, which then needs no second load.
  const handed = handedView(location.state, key);
  const [load, setLoad] = useState<CheckoutLoad>(
    handed ? { status: 'ready', view: handed } : { status: 'loading' },
  );
  const [livemode, setLivemodeState] = useState(() => readLivemode(storage()));
  const api = useMemo(() => new CheckoutApi(mountPoint, livemode), [mountPoint, livemode]);
  const skip = handed !== null;

  useEffect(() => {
    if (skip) return;
    let live = true;
    const loader = new CheckoutApi(mountPoint, readLivemode(storage()));
    const request = key.startsWith('link:')
      ? startOrResume(loader, key.slice(5), storage())
      : loader.retrieve(key.slice(8));
    void Promise.allSettled([request, wait(PLACEHOLDER_MS)]).then(([result]) => {
      if (!live) return;
      if (result.status === 'rejected') {
        setLoad({ status: 'error', error: result.reason });
        return;
      }
      const view = result.value;
      if (view.checkoutSession.livemode !== readLivemode(storage())) {
        writeLivemode(storage(), view.checkoutSession.livemode);
      }
      setLivemodeState(view.checkoutSession.livemode);
      setLoad({ status: 'ready', view });
      if (key.startsWith('link:')) {
        const target = atMountPoint(mountPoint, `checkout/pay/${view.checkoutSession.id}`);
        void navigate(`${target}${window.location.search}`, { replace: true, state: { checkoutView: view } });
      }
    });
    return () => {
      live = false;
    };
  }, [key, mountPoint, navigate, skip]);

  const setSession = useCallback((session: CheckoutSessionData) => {
    setLoad((prev) =>
      prev.status === 'ready' ? { status: 'ready', view: { ...prev.view, checkoutSession: session } } : prev,
    );
  }, []);

  const reload = useCallback(async () => {
    if (load.status !== 'ready') return;
    const view = await api.retrieve(load.view.checkoutSession.id);
    setLoad({ status: 'ready', view });
  }, [api, load]);

  return { load, api, mountPoint, setSession, reload };
}

function handedView(state: unknown, key: string): CheckoutView | null {
  if (typeof state !== 'object' || state === null || !('checkoutView' in state)) return null;
  const view = (state as { checkoutView: CheckoutView }).checkoutView;
  return `session:${view.checkoutSession.id}` === key ? view : null;
}
