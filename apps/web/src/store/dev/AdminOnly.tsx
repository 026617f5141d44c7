import type { ReactNode } from 'react';
import { ErrorPage } from '../../platform/ui/ErrorPage';
import { isAdminRole, useHeaderSession } from '../../platform/session/useHeaderSession';

/** Store console pages: the platform's owner and admins only; anyone else sees the 403 page. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useHeaderSession();
  if (!isAdminRole(user?.role)) return <ErrorPage code={403} />;
  return children;
}
