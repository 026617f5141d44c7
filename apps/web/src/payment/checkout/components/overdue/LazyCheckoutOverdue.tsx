import { lazy, Suspense } from 'react';
import { loadMessages } from '../../../../app/i18n/lazyMessages';
import type { CheckoutOverdueProps } from './CheckoutOverdue';
import { LoadingOverdue } from './LoadingOverdue';

const loadPortalStrings = async () => (await import('../../../i18n/extras')).paymentExtras;

// The overdue dialog is the portal's: its code and strings load only when a submit is refused.
const CheckoutOverdue = lazy(async () => {
  const [module] = await Promise.all([import('./CheckoutOverdue'), loadMessages(loadPortalStrings)]);
  return { default: module.CheckoutOverdue };
});

export function LazyCheckoutOverdue(props: CheckoutOverdueProps) {
  return (
    <Suspense fallback={<LoadingOverdue onCancel={props.onCancel} />}>
      <CheckoutOverdue {...props} />
    </Suspense>
  );
}
