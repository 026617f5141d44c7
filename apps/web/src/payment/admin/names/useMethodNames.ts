import { merchantRoutes } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { adminKey } from '../api/keys';
import { useAdmin } from '../AdminContext';

/**
 * The current mode's payment methods by id, for tables that hold a method id (`pm_…`) or the chain a
 * payment went over (`eip155:31337`): a person reads the method's name instead.
 */
export function useMethodNames(): (id: string | null | undefined, network?: unknown) => string {
  const admin = useAdmin();
  const list = useQuery({
    queryKey: adminKey('payment-methods', admin.livemode, 'names'),
    queryFn: ({ signal }) =>
      admin.call(merchantRoutes.paymentMethods.list, { query: { limit: 100 } }, signal),
    staleTime: 60_000,
  });
  const byId = new Map((list.data?.data ?? []).map((m) => [m.id, m.name]));
  return (id, network) => {
    const name = id ? byId.get(id) : undefined;
    if (name) return name;
    if (typeof network === 'string') return network;
    return id ?? '—';
  };
}
