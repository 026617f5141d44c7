import { merchantRoutes } from '@payshelf/api';
import { Stack } from '@mui/material';
import type { PaymentCurrency, Price } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { ArchiveButton } from '../layout/ArchiveButton';
import { CopyButton } from '../layout/CopyButton';
import { AdminTable, type Column } from '../table/AdminTable';
import type { Pagination } from '../table/useCursorList';
import { priceAmountText, priceKind } from './priceText';
import { ActiveChip } from '../layout/ActiveChip';
import { actionsColumn } from '../table/actionsColumn';
import { RowActions } from '../table/RowActions';
import { SwitchableToggle } from './SwitchableToggle';

interface PricesTableProps {
  rows: readonly Price[];
  loading: boolean;
  error: Error | null;
  pagination: Pagination;
  currencies: readonly PaymentCurrency[];
}

/** The prices of one product, newest first. */
export function PricesTable({ rows, loading, error, pagination, ...props }: PricesTableProps) {
  const { t } = useTranslation();
  const currencyOf = (id: string) => props.currencies.find((c) => c.id === id);
  const billing = (p: Price) => {
    if (!p.recurring) return t('payment.admin.prices.types.one_time');
    const interval =
      p.recurring.interval_count === 1
        ? t('payment.admin.prices.per', {
            interval: t(`payment.admin.prices.intervals.${p.recurring.interval}`),
          })
        : t('payment.admin.prices.everyN', {
            count: p.recurring.interval_count,
            interval: t(`payment.admin.prices.intervalsN.${p.recurring.interval}`),
          });
    return `${interval} · ${t(`payment.admin.prices.usages.${p.recurring.usage_type}`)}`;
  };
  const columns: Column<Price>[] = [
    {
      key: 'amount',
      label: t('payment.admin.prices.amount'),
      render: (p) => (
        <Stack spacing={0.5}>
          <span>{priceAmountText(p, currencyOf(p.currency_id))}</span>
          {p.nickname ? <small>{p.nickname}</small> : null}
        </Stack>
      ),
    },
    { key: 'billing', label: t('payment.admin.prices.billing'), render: billing },
    {
      key: 'kind',
      label: t('payment.admin.prices.scheme'),
      render: (p) => {
        const kind = priceKind(p);
        return kind === 'tiered' && p.tiers_mode
          ? t(`payment.admin.prices.modes.${p.tiers_mode}`)
          : t(`payment.admin.prices.kinds.${kind}`);
      },
    },
    {
      key: 'status',
      label: t('payment.admin.common.status'),
      render: (p) => <ActiveChip active={p.active} />,
    },
    actionsColumn(t('payment.admin.common.actions'), (p: Price) => (
      <RowActions>
        <SwitchableToggle price={p} />
        <CopyButton text={p.id} label={t('payment.admin.common.copyId')} />
        {p.active ? (
          <ArchiveButton table={merchantRoutes.prices} id={p.id} name={p.nickname ?? p.id} />
        ) : null}
      </RowActions>
    )),
  ];
  return (
    <AdminTable
      testId="prices-table"
      label={t('payment.admin.prices.title')}
      columns={columns}
      rows={rows}
      loading={loading}
      error={error}
      empty={t('payment.admin.prices.empty')}
      pagination={pagination}
    />
  );
}
