import { createContext, useContext } from 'react';
import { apiUrl, type QueryValue } from './api/client';

export interface AdminContextValue {
  /** Where the payment part is mounted ('/payment', or '/'). */
  mountPoint: string;
  /** false: test mode (the default), true: live data. */
  livemode: boolean;
  setLivemode(livemode: boolean): void;
}

export const AdminContext = createContext<AdminContextValue | null>(null);

export interface Admin extends AdminContextValue {
  /** A merchant call's address in the current mode. */
  url(path: string, query?: Record<string, QueryValue>): string;
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
    url: (path, query) => apiUrl(value.mountPoint, path, value.livemode, query),
    page: (path) => `${base}/admin/${path}`,
  };
}
