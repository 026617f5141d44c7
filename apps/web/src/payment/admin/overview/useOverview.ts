import { adminViewRoutes } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { useAdmin } from '../AdminContext';
import { adminKey } from '../api/keys';

/** `GET /overview?days=` of the current mode. */
export function useOverview(days: number) {
  const admin = useAdmin();
  return useQuery({
    queryKey: adminKey('overview', admin.livemode, days),
    queryFn: ({ signal }) => admin.call(adminViewRoutes.overview, { query: { days } }, signal),
  });
}
