import type { ErrorCode } from '@payshelf/api';
import { useEffect, useState } from 'react';

/** The server's code when a donation is submitted where donations are not enabled. */
export const DONATION_NOT_ENABLED: ErrorCode = 'donation_not_enabled';

/**
 * True once a submit failed with donation_not_enabled (usePayFlow emits `error.{code}` on the window):
 * the checkout then shows its error state instead of the form.
 */
export function useDonationDisabled(): boolean {
  const [disabled, setDisabled] = useState(false);
  useEffect(() => {
    const onError = () => setDisabled(true);
    window.addEventListener(`error.${DONATION_NOT_ENABLED}`, onError);
    return () => window.removeEventListener(`error.${DONATION_NOT_ENABLED}`, onError);
  }, []);
  return disabled;
}
