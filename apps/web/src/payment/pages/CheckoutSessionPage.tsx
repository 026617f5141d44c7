import { useParams } from 'react-router';
import { CheckoutPage } from '../checkout/CheckoutPage';

/** `{mount}/checkout/pay/:id`: pays one checkout session (`cs_...`). */
export function CheckoutSessionPage() {
  const { id = '' } = useParams();
  return <CheckoutPage source={{ session: id }} testId="page-checkout-session" />;
}
