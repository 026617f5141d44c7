import { useParams } from 'react-router';
import { CheckoutPage } from '../checkout/CheckoutPage';

/** `{mount}/checkout/link/:id`: starts a checkout from a payment link (`plink_...`), then pays it. */
export function PaymentLinkPage() {
  const { id = '' } = useParams();
  return <CheckoutPage source={{ link: id }} testId="page-payment-link" />;
}
