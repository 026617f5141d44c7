import { Chip, Stack, Typography } from '@mui/material';
import { type PaymentCurrency, type PaymentMethod, merchantRoutes } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../layout/AdminPage';
import { ArchiveButton } from '../layout/ArchiveButton';
import { AdminTable, type Column } from '../table/AdminTable';
import { useCursorList } from '../table/useCursorList';
import { CurrencyDialog } from './CurrencyDialog';
import { MethodDialog } from './MethodDialog';
import { ActiveChip } from '../layout/ActiveChip';
import { AddButton } from '../layout/AddButton';
import { actionsColumn } from '../table/actionsColumn';
import { EditButton, RowActions } from '../table/RowActions';

type Open =
  { kind: 'method'; editing?: PaymentMethod } | { kind: 'currency'; editing?: PaymentCurrency } | null;

/** `{mount}/admin/payment-methods`: payment methods and their currencies in the current mode. */
export function PaymentMethodsPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const methods = useCursorList(merchantRoutes.paymentMethods.list);
  const currencies = useCursorList(merchantRoutes.paymentCurrencies.list);
  const methodName = (id: string) => methods.rows.find((m) => m.id === id)?.name ?? id;
  const methodColumns: Column<PaymentMethod>[] = [
    { key: 'name', label: t('payment.admin.methods.name'), render: (m) => m.name },
    {
      key: 'type',
      label: t('payment.admin.methods.type'),
      render: (m) => t(`payment.admin.methods.types.${m.type}`),
    },
    {
      key: 'status',
      label: t('payment.admin.common.status'),
      render: (m) => <ActiveChip active={m.active} />,
    },
    actionsColumn(t('payment.admin.common.actions'), (m: PaymentMethod) => (
      <RowActions>
        <EditButton onClick={() => setOpen({ kind: 'method', editing: m })} />
        {m.active ? <ArchiveButton table={merchantRoutes.paymentMethods} id={m.id} name={m.name} /> : null}
      </RowActions>
    )),
  ];
  const currencyColumns: Column<PaymentCurrency>[] = [
    { key: 'symbol', label: t('payment.admin.currencies.symbol'), render: (c) => `${c.symbol} · ${c.name}` },
    {
      key: 'method',
      label: t('payment.admin.currencies.method'),
      render: (c) => methodName(c.payment_method_id),
    },
    {
      key: 'decimal',
      label: t('payment.admin.currencies.decimal'),
      render: (c) => `${c.decimal} / ${c.maximum_precision}`,
    },
    {
      key: 'status',
      label: t('payment.admin.common.status'),
      render: (c) => (
        <Stack direction="row" spacing={0.5}>
          <ActiveChip active={c.active} />
          {c.is_base_currency ? (
            <Chip size="small" color="primary" label={t('payment.admin.currencies.baseBadge')} />
          ) : null}
        </Stack>
      ),
    },
    actionsColumn(t('payment.admin.common.actions'), (c: PaymentCurrency) => (
      <RowActions>
        <EditButton onClick={() => setOpen({ kind: 'currency', editing: c })} />
        {c.active ? (
          <ArchiveButton table={merchantRoutes.paymentCurrencies} id={c.id} name={c.symbol} />
        ) : null}
      </RowActions>
    )),
  ];
  return (
    <AdminPage
      testId="page-admin-methods"
      title={t('payment.admin.methods.title')}
      actions={
        <AddButton
          label={t('payment.admin.methods.create')}
          testId="method-create"
          onClick={() => setOpen({ kind: 'method' })}
        />
      }
    >
      <AdminTable
        testId="methods-table"
        label={t('payment.admin.methods.title')}
        columns={methodColumns}
        rows={methods.rows}
        loading={methods.list.isFetching}
        error={methods.list.error}
        empty={t('payment.admin.methods.empty')}
        pagination={methods.pagination}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 4, mb: 1 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('payment.admin.currencies.title')}
        </Typography>
        <AddButton
          variant="outlined"
          label={t('payment.admin.currencies.create')}
          testId="currency-create"
          onClick={() => setOpen({ kind: 'currency' })}
          disabled={methods.rows.length === 0}
        />
      </Stack>
      <AdminTable
        testId="currencies-table"
        label={t('payment.admin.currencies.title')}
        columns={currencyColumns}
        rows={currencies.rows}
        loading={currencies.list.isFetching}
        error={currencies.list.error}
        empty={t('payment.admin.currencies.empty')}
        pagination={currencies.pagination}
      />
      {open?.kind === 'method' ? <MethodDialog editing={open.editing} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'currency' ? (
        <CurrencyDialog
          editing={open.editing}
          methods={methods.rows.filter((m) => m.active)}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </AdminPage>
  );
}
