import type { OverdueInvoices } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchOverdue, type OverdueOwner } from './payApi';
import { debounceWithMax, isInvoicePaid } from './refresh';
import { watchTopic } from './watchTopic';

/**
 * The overdue answer of a subscription or customer, refreshed after each invoice.paid event of the
 * customer (debounced 1 s, at most 5 s).
 */
export function useOverdue(mountPoint: string, livemode: boolean, owner: OverdueOwner | null) {
  const ownerKey = owner ? JSON.stringify(owner) : 'none';
  const query = useQuery<OverdueInvoices>({
    queryKey: ['payment', 'portal', 'overdue', ownerKey, livemode],
    queryFn: ({ signal }) => {
      if (!owner) throw new Error('no owner');
      return fetchOverdue(mountPoint, livemode, owner, signal);
    },
    enabled: owner !== null,
    retry: false,
  });
  const customerId = query.data?.customer.id;
  const { refetch } = query;
  const refresher = useMemo(() => debounceWithMax(() => void refetch()), [refetch]);
  useEffect(() => {
    if (!customerId) return;
    const topic = `customer:${customerId}`;
    const stop = watchTopic(topic, (data) => {
      if (isInvoicePaid(data, topic)) refresher.trigger();
    });
    return () => {
      stop();
      refresher.cancel();
    };
  }, [customerId, refresher]);
  return query;
}
