import { Box } from '@mui/material';
import { useCallback } from 'react';
import { OverduePayList } from './OverduePayList';
import { useOverdue } from './useOverdue';

/** The past-due page's Pay actions: the overdue dialog's per-currency list, inline, for this customer. */
export function PastDuePay({
  customerId,
  mountPoint,
  livemode,
}: {
  customerId: string;
  mountPoint: string;
  livemode: boolean;
}) {
  const query = useOverdue(mountPoint, livemode, { customerId });
  const { refetch } = query;
  const refresh = useCallback(
    async (currencyId: string) => Boolean((await refetch()).data?.summary[currencyId]),
    [refetch],
  );
  if (!query.data) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid="past-due-pay">
      <OverduePayList
        data={query.data}
        owner={{ customerId }}
        mountPoint={mountPoint}
        livemode={livemode}
        refresh={refresh}
      />
    </Box>
  );
}
