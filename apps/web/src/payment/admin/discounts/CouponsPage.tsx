import { Chip } from '@mui/material';
import { discountRoutes, type Coupon } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrencies } from '../methods/useCurrencies';
import { AddButton } from '../layout/AddButton';
import { AdminPage } from '../layout/AdminPage';
import { ArchiveButton } from '../layout/ArchiveButton';
import { formatDate } from '../layout/formatDate';
import { actionsColumn } from '../table/actionsColumn';
import { AdminTable, type Column } from '../table/AdminTable';
import { RowActions } from '../table/RowActions';
import { useCursorList } from '../table/useCursorList';
import { CouponDialog } from './CouponDialog';
import { couponTerms, redemptionText } from './discountText';

/**
 * `{mount}/admin/coupons`: the coupons of the current mode with their terms, redemptions and expiry;
 * create, and archive (a coupon's terms never change; an archived one can no longer be redeemed).
 */
export function CouponsPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { currencies } = useCurrencies();
  const [creating, setCreating] = useState(false);
  const { rows, list, pagination } = useCursorList(discountRoutes.coupons.list);
  const columns: Column<Coupon>[] = [
    { key: 'name', label: t('payment.admin.coupons.name'), render: (c) => c.name ?? c.id },
    {
      key: 'terms',
      label: t('payment.admin.coupons.terms'),
      render: (c) => couponTerms(c, currencies, t, locale),
    },
    {
      key: 'applies',
      label: t('payment.admin.coupons.appliesTo'),
      render: (c) =>
        c.applies_to
          ? t('payment.admin.coupons.productsCount', { count: c.applies_to.products.length })
          : t('payment.admin.coupons.allProducts'),
    },
    {
      key: 'redemptions',
      label: t('payment.admin.coupons.redemptions'),
      render: (c) => redemptionText(c.times_redeemed, c.max_redemptions, t),
    },
    {
      key: 'redeem_by',
      label: t('payment.admin.coupons.redeemBy'),
      render: (c) => (c.redeem_by ? formatDate(c.redeem_by, locale) : '—'),
    },
    {
      key: 'status',
      label: t('payment.admin.common.status'),
      render: (c) => (
        <Chip
          size="small"
          color={c.valid ? 'success' : 'default'}
          label={t(c.valid ? 'payment.admin.coupons.valid' : 'payment.admin.coupons.invalid')}
        />
      ),
    },
    actionsColumn(t('payment.admin.common.actions'), (c: Coupon) => (
      <RowActions>
        {c.valid ? (
          <ArchiveButton
            table={discountRoutes.coupons}
            id={c.id}
            name={c.name ?? c.id}
            also={['promotion-codes']}
          />
        ) : null}
      </RowActions>
    )),
  ];
  return (
    <AdminPage
      testId="page-admin-coupons"
      title={t('payment.admin.coupons.title')}
      actions={
        <AddButton
          label={t('payment.admin.coupons.create')}
          testId="coupon-create"
          onClick={() => setCreating(true)}
        />
      }
    >
      <AdminTable
        testId="coupons-table"
        label={t('payment.admin.coupons.title')}
        columns={columns}
        rows={rows}
        loading={list.isFetching}
        error={list.error}
        empty={t('payment.admin.coupons.empty')}
        pagination={pagination}
      />
      {creating ? <CouponDialog currencies={currencies} onClose={() => setCreating(false)} /> : null}
    </AdminPage>
  );
}
