import { adminViewRoutes } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { useAdmin } from '../../AdminContext';
import { adminKey } from '../../api/keys';

/** `GET /customers/:id/activity`; refreshed with the 'refunds' and 'customers' resources. */
export function useCustomerActivity(id: string | undefined) {
  const admin = useAdmin();
  return useQuery({
    queryKey: adminKey('refunds', admin.livemode, 'activity', id),
    queryFn: ({ signal }) =>
      admin.call(adminViewRoutes.customerActivity, { params: { id: id ?? '' } }, signal),
    enabled: id !== undefined,
  });
}
