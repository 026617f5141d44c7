import { discountRoutes, merchantRoutes, type Coupon, type Product } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { useAdmin } from '../AdminContext';
import { adminKey } from '../api/keys';

/** The newest 100 active products of the current mode (a coupon's applies-to choices). */
export function useActiveProducts(): Product[] {
  const admin = useAdmin();
  const query = { limit: 100, active: 'true' };
  const list = useQuery({
    queryKey: adminKey('products', admin.livemode, 'active-choices'),
    queryFn: ({ signal }) => admin.call(merchantRoutes.products.list, { query }, signal),
  });
  return list.data?.data ?? [];
}

/** The newest 100 coupons that can still be redeemed (a promotion code's coupon choices). */
export function useValidCoupons(): { coupons: Coupon[]; loading: boolean } {
  const admin = useAdmin();
  const query = { limit: 100, valid: 'true' as const };
  const list = useQuery({
    queryKey: adminKey('coupons', admin.livemode, 'valid-choices'),
    queryFn: ({ signal }) => admin.call(discountRoutes.coupons.list, { query }, signal),
  });
  return { coupons: list.data?.data ?? [], loading: list.isLoading };
}

/** The names of the newest 100 coupons by id (the promotion-code table's coupon column). */
export function useCouponNames(): Map<string, string> {
  const admin = useAdmin();
  const query = { limit: 100 };
  const list = useQuery({
    queryKey: adminKey('coupons', admin.livemode, 'names'),
    queryFn: ({ signal }) => admin.call(discountRoutes.coupons.list, { query }, signal),
  });
  return new Map((list.data?.data ?? []).map((c) => [c.id, c.name ?? c.id]));
}
