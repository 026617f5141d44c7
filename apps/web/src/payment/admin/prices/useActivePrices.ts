import { merchantRoutes, type Price } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { useAdmin } from '../AdminContext';
import { adminKey } from '../api/keys';

/** The newest 100 active prices of the current mode, each with its product (line item choices). */
export function useActivePrices(): { prices: Price[]; loading: boolean } {
  const admin = useAdmin();
  const query = { limit: 100, active: 'true', 'expand[]': 'product' };
  const list = useQuery({
    queryKey: adminKey('prices', admin.livemode, 'active-expanded'),
    queryFn: ({ signal }) => admin.call(merchantRoutes.prices.list, { query }, signal),
  });
  return { prices: list.data?.data ?? [], loading: list.isLoading };
}
