import { customerActivity } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { useAdmin } from '../../AdminContext';
import { apiRequest } from '../../api/client';
import { adminKey } from '../../api/keys';

/** `GET /customers/:id/activity`; refreshed with the 'refunds' and 'customers' resources. */
export function useCustomerActivity(id: string | undefined) {
  const admin = useAdmin();
  return useQuery({
    queryKey: adminKey('refunds', admin.livemode, 'activity', id),
    queryFn: ({ signal }) =>
      apiRequest(
        customerActivity,
        admin.url(`/customers/${encodeURIComponent(id ?? '')}/activity`),
        'GET',
        undefined,
        signal,
      ),
    enabled: id !== undefined,
  });
}
