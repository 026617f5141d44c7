import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { OverdueSlotProps } from '../../checkout/slots';
import { LoadingOverdue } from '../../checkout/components/overdue/LoadingOverdue';
import { pastDuePath } from '../logic/pastDue';
import { OverdueDialog } from './OverdueDialog';
import { useOverdue } from './useOverdue';

export type CheckoutOverdueProps = OverdueSlotProps;

/**
 * The checkout's submit was refused with CUSTOMER_LIMITED (the signed-in customer has past-due
 * invoices): the portal's overdue dialog for that customer, per currency Pay now / Retry / View now /
 * Paid. Once nothing remains overdue (paid here or elsewhere) the submission is retried, exactly once
 * per refusal. Mounted only while the checkout is in that state, so each refusal starts fresh.
 */
export function CheckoutOverdue({ api, mountPoint, livemode, onCancel, onPaid }: CheckoutOverdueProps) {
  const location = useLocation();
  const me = useQuery({
    queryKey: ['payment', 'checkout', 'limited-customer', livemode],
    queryFn: () => api.savedCustomer(),
    staleTime: 0,
  });
  const customerId = me.data?.id ?? null;
  const owner = customerId ? { customerId } : null;
  const overdue = useOverdue(mountPoint, livemode, owner);
  const retried = useRef(false);
  const paid = useCallback(() => {
    if (retried.current) return;
    retried.current = true;
    onPaid();
  }, [onPaid]);
  const nothingLeft =
    overdue.isFetchedAfterMount &&
    !overdue.isFetching &&
    overdue.data !== undefined &&
    Object.keys(overdue.data.summary).length === 0;
  useEffect(() => {
    if (nothingLeft) paid();
  }, [nothingLeft, paid]);

  if (me.isPending) return <LoadingOverdue onCancel={onCancel} />;
  return (
    <OverdueDialog
      open
      owner={owner}
      mountPoint={mountPoint}
      livemode={livemode}
      onClose={onCancel}
      onPaid={paid}
      viewHref={pastDuePath(mountPoint, `${location.pathname}${location.search}`)}
    />
  );
}
