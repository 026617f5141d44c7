import { useMemo, useState } from 'react';
import { ErrorPage } from '../../../platform/ui/ErrorPage';
import { isAdminRole, useHeaderSession } from '../../../platform/session/useHeaderSession';
import { RequireLogin } from '../../../platform/auth/RequireLogin';
import { AdminContext } from '../AdminContext';
import { readLivemode, writeLivemode } from '../livemode/livemodeStorage';
import { AdminLayout } from './AdminLayout';

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function AdminOnly({ mountPoint }: { mountPoint: string }) {
  const { user } = useHeaderSession();
  const [livemode, setLivemodeState] = useState(() => readLivemode(browserStorage()));
  const value = useMemo(
    () => ({
      mountPoint,
      livemode,
      setLivemode: (next: boolean) => {
        writeLivemode(browserStorage(), next);
        setLivemodeState(next);
      },
    }),
    [mountPoint, livemode],
  );
  if (!isAdminRole(user?.role)) return <ErrorPage code={403} />;
  return (
    <AdminContext value={value}>
      <AdminLayout />
    </AdminContext>
  );
}

/** The admin pages' frame: sign-in required, owners and admins only (others see 403), test/live mode. */
export function AdminShell({ mountPoint }: { mountPoint: string }) {
  return (
    <RequireLogin>
      <AdminOnly mountPoint={mountPoint} />
    </RequireLogin>
  );
}
