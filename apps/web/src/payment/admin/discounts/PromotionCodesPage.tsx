import { Chip } from '@mui/material';
import { discountRoutes, type PromotionCode } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeKey } from './discountKeys';
import { useCurrencies } from '../methods/useCurrencies';
import { AddButton } from '../layout/AddButton';
import { AdminPage } from '../layout/AdminPage';
import { formatDate } from '../layout/formatDate';
import { actionsColumn } from '../table/actionsColumn';
import { AdminTable, type Column } from '../table/AdminTable';
import { RowActions } from '../table/RowActions';
import { useCursorList } from '../table/useCursorList';
import { redemptionText, restrictionText } from './discountText';
import { PromotionCodeDialog } from './PromotionCodeDialog';
import { PROMOTION_CODES, SetActiveButton } from './SetActiveButton';
import { useCouponNames } from './useDiscountChoices';

/**
 * `{mount}/admin/promotion-codes`: the codes customers type at checkout, each with its coupon,
 * restrictions, redemptions and expiry; create, activate and deactivate.
 */
export function PromotionCodesPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { currencies } = useCurrencies();
  const [creating, setCreating] = useState(false);
  const couponNames = useCouponNames();
  const { rows, list, pagination } = useCursorList(discountRoutes.promotionCodes.list);
  const p = (key: CodeKey) => t(`payment.admin.promotionCodes.${key}`);
  const columns: Column<PromotionCode>[] = [
    { key: 'code', label: p('code'), render: (c) => <code>{c.code}</code> },
    { key: 'coupon', label: p('coupon'), render: (c) => couponNames.get(c.coupon_id) ?? c.coupon_id },
    {
      key: 'restrictions',
      label: p('restrictions'),
      render: (c) => restrictionText(c, currencies, t, locale) || '—',
    },
    {
      key: 'redemptions',
      label: p('redemptions'),
      render: (c) => redemptionText(c.times_redeemed, c.max_redemptions, t),
    },
    {
      key: 'expires',
      label: p('expiresAt'),
      render: (c) => (c.expires_at ? formatDate(c.expires_at, locale) : p('never')),
    },
    {
      key: 'status',
      label: t('payment.admin.common.status'),
      render: (c) => (
        <Chip
          size="small"
          color={c.active ? 'success' : 'default'}
          label={c.active ? t('payment.admin.common.active') : p('inactive')}
        />
      ),
    },
    actionsColumn(t('payment.admin.common.actions'), (c: PromotionCode) => (
      <RowActions>
        <SetActiveButton target={PROMOTION_CODES} id={c.id} name={c.code} active={c.active} />
      </RowActions>
    )),
  ];
  return (
    <AdminPage
      testId="page-admin-promotion-codes"
      title={p('title')}
      actions={
        <AddButton label={p('create')} testId="promotion-code-create" onClick={() => setCreating(true)} />
      }
    >
      <AdminTable
        testId="promotion-codes-table"
        label={p('title')}
        columns={columns}
        rows={rows}
        loading={list.isFetching}
        error={list.error}
        empty={p('empty')}
        pagination={pagination}
      />
      {creating ? <PromotionCodeDialog currencies={currencies} onClose={() => setCreating(false)} /> : null}
    </AdminPage>
  );
}
