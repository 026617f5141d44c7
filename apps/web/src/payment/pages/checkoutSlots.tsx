import { lazy, Suspense } from 'react';
import { loadMessages } from '../../platform/i18n/lazyMessages';
import type { CheckoutSlots, OverdueSlotProps } from '../checkout/slots';
import { LoadingOverdue } from '../checkout/components/overdue/LoadingOverdue';

const loadPortalStrings = async () => (await import('../i18n/extras')).paymentExtras;

// The overdue dialog is the portal's: its code and strings load only when a submit is refused.
const CheckoutOverdue = lazy(async () => {
  const [module] = await Promise.all([
    import('../portal/pay/CheckoutOverdue'),
    loadMessages(loadPortalStrings),
  ]);
  return { default: module.CheckoutOverdue };
});

function LazyCheckoutOverdue(props: OverdueSlotProps) {
  return (
    <Suspense fallback={<LoadingOverdue onCancel={props.onCancel} />}>
      <CheckoutOverdue {...props} />
    </Suspense>
  );
}

// The portal's allowance panel, loaded only when a subscription checkout completes.
const AllowancePanel = lazy(() =>
  import('../portal/subscription/AllowancePanel').then((m) => ({ default: m.AllowancePanel })),
);

/** What the checkout pages lend the checkout from the portal. */
export const checkoutSlots: CheckoutSlots = { Overdue: LazyCheckoutOverdue, Allowance: AllowancePanel };
