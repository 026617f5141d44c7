import { Chip } from '@mui/material';
import { discountRoutes, type TaxRate } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RateKey } from './discountKeys';
import { AddButton } from '../layout/AddButton';
import { AdminPage } from '../layout/AdminPage';
import { actionsColumn } from '../table/actionsColumn';
import { AdminTable, type Column } from '../table/AdminTable';
import { RowActions } from '../table/RowActions';
import { useCursorList } from '../table/useCursorList';
import { SetActiveButton, TAX_RATES } from './SetActiveButton';
import { TaxRateDialog } from './TaxRateDialog';

/**
 * `{mount}/admin/tax-rates`: manual tax rates (set on prices, links and checkouts) with their exact
 * percentage, inclusive or exclusive, and jurisdiction; create, activate and deactivate.
 */
export function TaxRatesPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const { rows, list, pagination } = useCursorList(discountRoutes.taxRates.list);
  const r = (key: RateKey) => t(`payment.admin.taxRates.${key}`);
  const columns: Column<TaxRate>[] = [
    { key: 'name', label: r('displayName'), render: (x) => x.display_name },
    { key: 'percentage', label: r('percentage'), render: (x) => `${x.percentage}%` },
    {
      key: 'behavior',
      label: r('behavior'),
      render: (x) => (x.inclusive ? r('inclusive') : r('exclusive')),
    },
    {
      key: 'jurisdiction',
      label: r('jurisdiction'),
      render: (x) => [x.jurisdiction, x.country].filter((v) => v !== null && v !== '').join(' · ') || '—',
    },
    {
      key: 'status',
      label: t('payment.admin.common.status'),
      render: (x) => (
        <Chip
          size="small"
          color={x.active ? 'success' : 'default'}
          label={x.active ? t('payment.admin.common.active') : t('payment.admin.promotionCodes.inactive')}
        />
      ),
    },
    actionsColumn(t('payment.admin.common.actions'), (x: TaxRate) => (
      <RowActions>
        <SetActiveButton target={TAX_RATES} id={x.id} name={x.display_name} active={x.active} />
      </RowActions>
    )),
  ];
  return (
    <AdminPage
      testId="page-admin-tax-rates"
      title={r('title')}
      actions={<AddButton label={r('create')} testId="tax-rate-create" onClick={() => setCreating(true)} />}
    >
      <AdminTable
        testId="tax-rates-table"
        label={r('title')}
        columns={columns}
        rows={rows}
        loading={list.isFetching}
        error={list.error}
        empty={r('empty')}
        pagination={pagination}
      />
      {creating ? <TaxRateDialog onClose={() => setCreating(false)} /> : null}
    </AdminPage>
  );
}
