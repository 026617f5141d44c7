import { createContext, useContext } from 'react';
import type { AnswerOf, AnyRoute, CallInput } from '@payshelf/api';
import { modeCall } from './api/client';

export interface AdminContextValue {
  /** Where the payment part is mounted ('/payment', or '/'). */
  mountPoint: string;
  /** false: test mode (the default), true: live data. */
  livemode: boolean;
  setLivemode(livemode: boolean): void;
}

export const AdminContext = createContext<AdminContextValue | null>(null);

export interface Admin extends AdminContextValue {
  /**
   * One call of the route table in the current mode: under the mount point, `livemode` first, the
   * session cookie, a fresh Idempotency-Key on every write; the answer parsed by the entry's schema.
   */
  call<E extends AnyRoute>(entry: E, input: CallInput<E>, signal?: AbortSignal): Promise<AnswerOf<E>>;
  /** An admin page's address under the mount point, e.g. page('products'). */
  page(path: string): string;
}

/** The admin pages' mount point and test/live mode (inside AdminShell only). */
export function useAdmin(): Admin {
  const value = useContext(AdminContext);
  if (!value) throw new Error('useAdmin must be used inside AdminShell');
  const base = value.mountPoint === '/' ? '' : value.mountPoint;
  return {
    ...value,
    call: (entry, input, signal) => modeCall(value.mountPoint, value.livemode, entry, input, signal),
    page: (path) => `${base}/admin/${path}`,
  };
}
