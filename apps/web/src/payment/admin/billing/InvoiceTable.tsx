import { CustomerName } from '../names/CustomerName';
import { Link } from '@mui/material';
import type { Invoice } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAdmin } from '../AdminContext';
import { formatDate } from '../layout/formatDate';
import { AdminTable, type Column } from '../table/AdminTable';
import type { Pagination } from '../table/useCursorList';
import { StatusChip, useMoney } from './BillingBits';

/** Invoices with number (linking to the detail page), status, customer, amounts and dates. */
export function InvoiceTable(props: {
  testId: string;
  rows: readonly Invoice[];
  loading: boolean;
  error: Error | null;
  pagination?: Pagination;
}) {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const money = useMoney();
  const columns: Column<Invoice>[] = [
    {
      key: 'number',
      label: t('payment.admin.billing.invoices.number'),
      render: (inv) => (
        <Link component={RouterLink} to={admin.page(`invoices/${inv.id}`)}>
          {inv.number ?? inv.id}
        </Link>
      ),
    },
    {
      key: 'status',
      label: t('payment.admin.common.status'),
      render: (inv) => <StatusChip status={inv.status} />,
    },
    {
      key: 'total',
      label: t('payment.admin.billing.total'),
      align: 'right',
      render: (inv) => money(inv.total, inv.currency_id),
    },
    {
      key: 'paid',
      label: t('payment.admin.billing.paid'),
      align: 'right',
      render: (inv) => money(inv.amount_paid, inv.currency_id),
    },
    {
      key: 'customer',
      label: t('payment.admin.billing.customer'),
      render: (inv) => <CustomerName id={inv.customer_id} />,
    },
    {
      key: 'reason',
      label: t('payment.admin.billing.invoices.reason'),
      render: (inv) => <code>{inv.billing_reason}</code>,
    },
    {
      key: 'period',
      label: t('payment.admin.billing.period'),
      render: (inv) =>
        inv.period_start && inv.period_end
          ? t('payment.admin.billing.periodRange', {
              start: formatDate(inv.period_start, i18n.language),
              end: formatDate(inv.period_end, i18n.language),
            })
          : '—',
    },
    {
      key: 'created',
      label: t('payment.admin.common.created'),
      render: (inv) => formatDate(inv.created_at, i18n.language),
    },
  ];
  return (
    <AdminTable
      testId={props.testId}
      label={t('payment.admin.billing.invoices.title')}
      columns={columns}
      rows={props.rows}
      loading={props.loading}
      error={props.error}
      empty={t('payment.admin.billing.invoices.empty')}
      pagination={props.pagination}
    />
  );
}
