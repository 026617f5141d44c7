import { useSnackbar } from 'notistack';
import { useCallback, useState } from 'react';
import type { CheckoutApi, CheckoutSessionData } from './logic/api';
import { formatError } from './logic/errorText';
import type { ApiLine } from './logic/lines';

export interface SessionChanges {
  busy: boolean;
  setQuantity(line: ApiLine, quantity: number): void;
  toggleUpsell(line: ApiLine, on: boolean): void;
  addCrossSell(priceId: string): void;
  removeCrossSell(): void;
  setAmount(line: ApiLine, units: bigint): void;
}

/** The session-change calls; a failure is logged and shown as an error toast (SPEC section 8). */
export function useSessionChanges(
  api: CheckoutApi,
  sessionId: string,
  setSession: (session: CheckoutSessionData) => void,
  /** The currency picked on the page: a typed amount is in its units. */
  currencyId: string,
): SessionChanges {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    (call: () => Promise<CheckoutSessionData>) => {
      setBusy(true);
      call()
        .then(setSession)
        .catch((error: unknown) => {
          console.error(error);
          enqueueSnackbar(formatError(error), { variant: 'error' });
        })
        .finally(() => setBusy(false));
    },
    [enqueueSnackbar, setSession],
  );
  return {
    busy,
    setQuantity: (line, quantity) => run(() => api.adjustQuantity(sessionId, line.id, quantity)),
    toggleUpsell: (line, on) => {
      const to = line.price?.upsell?.upsells_to_id;
      if (on && to) run(() => api.upsell(sessionId, line.price_id, to));
      if (!on) run(() => api.downsell(sessionId, line.price_id));
    },
    addCrossSell: (priceId) => run(() => api.addCrossSell(sessionId, priceId)),
    removeCrossSell: () => run(() => api.removeCrossSell(sessionId)),
    setAmount: (line, units) =>
      run(() => api.setAmount(sessionId, line.price_id, units.toString(), currencyId)),
  };
}
