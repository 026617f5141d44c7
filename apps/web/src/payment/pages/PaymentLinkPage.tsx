import { useParams } from 'react-router';
import { CheckoutPage } from '../checkout/CheckoutPage';
import { CheckoutSlotsProvider } from '../checkout/slots';
import { checkoutSlots } from './checkoutSlots';

/** `{mount}/checkout/link/:id`: starts a checkout from a payment link (`plink_...`), then pays it. */
export function PaymentLinkPage() {
  const { id = '' } = useParams();
  return (
    <CheckoutSlotsProvider value={checkoutSlots}>
      <CheckoutPage source={{ link: id }} testId="page-payment-link" />
    </CheckoutSlotsProvider>
  );
}
