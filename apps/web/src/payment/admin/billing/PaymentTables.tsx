import { useMethodNames } from '../names/useMethodNames';
import { CustomerName } from '../names/CustomerName';
import { Link } from '@mui/material';
import { paymentStatusShown, type PaymentIntent, type Refund, billingAdminRoutes } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { QueryValue } from '../api/client';
import { useAdmin } from '../AdminContext';
import { formatDate } from '../layout/formatDate';
import { AdminTable, type Column } from '../table/AdminTable';
import { useCursorList } from '../table/useCursorList';
import { usePaidCardText } from '../../portal/components/PaidCard';
import { StatusChip, TxLink, useMoney } from './BillingBits';

/** Payment intents: amount, method, status, transaction, customer. */
export function PaymentsTable(props: { filters: Record<string, QueryValue>; testId: string }) {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const money = useMoney();
  const methodName = useMethodNames();
  const cardText = usePaidCardText();
  const { rows, list, pagination } = useCursorList(billingAdminRoutes.paymentIntents, props.filters);
  const columns: Column<PaymentIntent>[] = [
    {
      key: 'amount',
      label: t('payment.admin.billing.amount'),
      align: 'right',
      render: (p) => money(p.amount, p.currency_id),
    },
    {
      key: 'status',
      label: t('payment.admin.common.status'),
      render: (p) => <StatusChip status={paymentStatusShown(p)} />,
    },
    {
      key: 'method',
      label: t('payment.admin.billing.payments.method'),
      render: (p) => {
        const card = cardText(p.payment_details);
        const name = methodName(p.payment_method_id, p.payment_details?.network);
        return card ? `${name} · ${card}` : name;
      },
    },
    {
      key: 'tx',
      label: t('payment.admin.billing.tx'),
      render: (p) => <TxLink details={p.payment_details} />,
    },
    {
      key: 'customer',
      label: t('payment.admin.billing.customer'),
      render: (p) => <CustomerName id={p.customer_id} />,
    },
    {
      key: 'invoice',
      label: t('payment.admin.billing.invoices.title'),
      render: (p) =>
        p.invoice_id ? (
          <Link component={RouterLink} to={admin.page(`invoices/${p.invoice_id}`)}>
            <code>{p.invoice_id}</code>
          </Link>
        ) : (
          '—'
        ),
    },
    {
      key: 'created',
      label: t('payment.admin.common.created'),
      render: (p) => formatDate(p.created_at, i18n.language),
    },
  ];
  return (
    <AdminTable
      testId={props.testId}
      label={t('payment.admin.billing.payments.tabPayments')}
      columns={columns}
      rows={rows}
      loading={list.isFetching}
      error={list.error}
      empty={t('payment.admin.billing.payments.empty')}
      pagination={pagination}
    />
  );
}

/** Refunds: amount, status, reason, the transfer it pays back, customer. */
export function RefundsTable() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const { rows, list, pagination } = useCursorList(billingAdminRoutes.refunds);
  const columns: Column<Refund>[] = [
    {
      key: 'amount',
      label: t('payment.admin.billing.amount'),
      align: 'right',
      render: (r) => money(r.amount, r.currency_id),
    },
    {
      key: 'status',
      label: t('payment.admin.common.status'),
      render: (r) => <StatusChip status={r.status} />,
    },
    {
      key: 'reason',
      label: t('payment.admin.billing.payments.reason'),
      render: (r) => (r.reason ? t(`payment.admin.billing.payments.reasons.${r.reason}`) : '—'),
    },
    { key: 'tx', label: t('payment.admin.billing.tx'), render: (r) => <TxLink details={r.metadata} /> },
    {
      key: 'customer',
      label: t('payment.admin.billing.customer'),
      render: (r) => <CustomerName id={r.customer_id} />,
    },
    {
      key: 'created',
      label: t('payment.admin.common.created'),
      render: (r) => formatDate(r.created_at, i18n.language),
    },
  ];
  return (
    <AdminTable
      testId="refunds-table"
      label={t('payment.admin.billing.payments.tabRefunds')}
      columns={columns}
      rows={rows}
      loading={list.isFetching}
      error={list.error}
      empty={t('payment.admin.billing.payments.refundsEmpty')}
      pagination={pagination}
    />
  );
}
