import { meterEventRoutes } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { useAdmin } from '../AdminContext';
import { adminKey } from '../api/keys';
import { usageTable, utcWindow, type DayStat, type UsageTable } from './usageChart';

/** Customers shown as series: those of the latest events, at most this many. */
const MAX_CUSTOMERS = 6;
const DAYS = 30;

/**
 * A meter's usage per customer per UTC day over the last 30 days: the customers of its latest 100
 * events in the window, then each one's per-day stats (`GET /meter-events/stats`).
 */
export function useMeterUsage(meterId: string, nowMs: number) {
  const admin = useAdmin();
  const span = utcWindow(DAYS, nowMs);
  return useQuery({
    queryKey: adminKey('meter-events', admin.livemode, 'usage', meterId, span.start),
    queryFn: async ({ signal }): Promise<UsageTable> => {
      const latest = await admin.call(
        meterEventRoutes.list,
        { query: { meter_id: meterId, start: span.start, end: span.end, limit: 100 } },
        signal,
      );
      const customers = [...new Set(latest.data.map((e) => e.payload.customer_id))].slice(0, MAX_CUSTOMERS);
      const perCustomer = new Map<string, DayStat[]>();
      for (const customer of customers) {
        const stats = await admin.call(
          meterEventRoutes.stats,
          { query: { meter_id: meterId, customer_id: customer, start: span.start, end: span.end } },
          signal,
        );
        perCustomer.set(customer, stats.data);
      }
      return usageTable(span.days, perCustomer);
    },
  });
}
