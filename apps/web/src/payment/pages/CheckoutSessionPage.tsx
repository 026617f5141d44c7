import { useParams } from 'react-router';
import { CheckoutPage } from '../checkout/CheckoutPage';
import { CheckoutSlotsProvider } from '../checkout/slots';
import { checkoutSlots } from './checkoutSlots';

/**
 * `{mount}/checkout/pay/:id`: pays a checkout session (`cs_...`). A payment link's hosted URL is this
 * address with its `plink_...` id, so a link id starts a session first (and the address then becomes
 * the session's).
 */
export function CheckoutSessionPage() {
  const { id = '' } = useParams();
  const source = id.startsWith('plink_') ? { link: id } : { session: id };
  return (
    <CheckoutSlotsProvider value={checkoutSlots}>
      <CheckoutPage source={source} testId="page-checkout-session" />
    </CheckoutSlotsProvider>
  );
}
