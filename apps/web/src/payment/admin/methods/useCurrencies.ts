import { merchantRoutes, type PaymentCurrency } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { useAdmin } from '../AdminContext';
import { adminKey } from '../api/keys';

/** Up to 100 payment currencies of the current mode (the choices of price and link forms). */
export function useCurrencies(): { currencies: PaymentCurrency[]; loading: boolean } {
  const admin = useAdmin();
  const query = { limit: 100 };
  const list = useQuery({
    queryKey: adminKey('payment-currencies', admin.livemode, 'all'),
    queryFn: ({ signal }) => admin.call(merchantRoutes.paymentCurrencies.list, { query }, signal),
  });
  return { currencies: list.data?.data ?? [], loading: list.isLoading };
}
