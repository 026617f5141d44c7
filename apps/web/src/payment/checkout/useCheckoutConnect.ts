import { useMemo } from 'react';
import type { DidConnectControls } from '../../platform/auth/useDidConnect';
import type { Locale } from '../../platform/locale/locale';
import { useConnectAction } from './useConnectAction';

/** The DID Connect `checkout` action: the wallet signs the transfer, the server broadcasts it. */
export const CHECKOUT_ACTION = 'checkout';

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
  const params = useMemo(
    () => ({ checkoutSessionId: sessionId, ...(userDid ? { sessionUserDid: userDid } : {}) }),
    [sessionId, userDid],
  );
  return useConnectAction(CHECKOUT_ACTION, params, locale, onApproved, onFailed);
}
