import { CustomerName } from '../names/CustomerName';
import { Link } from '@mui/material';
import { localizedProduct, SUBSCRIPTION_STATUSES, type Subscription, billingRoutes } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAdmin } from '../AdminContext';
import { AdminPage } from '../layout/AdminPage';
import { formatDate } from '../layout/formatDate';
import { AdminTable, type Column } from '../table/AdminTable';
import { SearchField } from '../table/SearchField';
import { useCursorList } from '../table/useCursorList';
import { useDebounced } from '../table/useDebounced';
import { StatusChip } from './BillingBits';
import { FilterRow, IdFilter, StatusFilter } from './Filters';

/** An item's product name in the admin's locale (a subscription bills its product as it is now). */
const productName = (item: Subscription['items'][number], locale: string) =>
  item.price?.product ? localizedProduct(item.price.product, locale).name : item.price_id;

/** `{mount}/admin/subscriptions`: every subscription of the mode, filtered and searched, newest first. */
export function SubscriptionsPage() {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const [status, setStatus] = useState('');
  const [customer, setCustomer] = useState('');
  const [price, setPrice] = useState('');
  const [search, setSearch] = useState('');
  const filters = useDebounced({ status, customer_id: customer, price_id: price, q: search.trim() });
  const { rows, list, pagination } = useCursorList(billingRoutes.subscriptions, filters);
  const columns: Column<Subscription>[] = [
    {
      key: 'id',
      label: 'ID',
      render: (s) => (
        <Link component={RouterLink} to={admin.page(`subscriptions/${s.id}`)}>
          <code>{s.id}</code>
        </Link>
      ),
    },
    {
      key: 'status',
      label: t('payment.admin.common.status'),
      render: (s) => <StatusChip status={s.status} />,
    },
    {
      key: 'customer',
      label: t('payment.admin.billing.customer'),
      render: (s) => <CustomerName id={s.customer_id} />,
    },
    {
      key: 'product',
      label: t('payment.admin.billing.subscriptions.product'),
      render: (s) => s.items.map((i) => `${productName(i, i18n.language)} × ${i.quantity}`).join(', ') || '—',
    },
    {
      key: 'period',
      label: t('payment.admin.billing.period'),
      render: (s) =>
        t('payment.admin.billing.periodRange', {
          start: formatDate(s.current_period_start, i18n.language),
          end: formatDate(s.current_period_end, i18n.language),
        }),
    },
    {
      key: 'created',
      label: t('payment.admin.common.created'),
      render: (s) => formatDate(s.created_at, i18n.language),
    },
  ];
  return (
    <AdminPage testId="page-admin-subscriptions" title={t('payment.admin.billing.subscriptions.title')}>
      <FilterRow>
        <SearchField
          label={t('payment.admin.billing.subscriptions.search')}
          value={search}
          onChange={setSearch}
        />
        <StatusFilter
          statuses={SUBSCRIPTION_STATUSES}
          value={status}
          onChange={setStatus}
          testId="subscription-status-filter"
        />
        <IdFilter label={t('payment.admin.billing.customerId')} value={customer} onChange={setCustomer} />
        <IdFilter label={t('payment.admin.billing.priceId')} value={price} onChange={setPrice} />
      </FilterRow>
      <AdminTable
        testId="subscriptions-table"
        label={t('payment.admin.billing.subscriptions.title')}
        columns={columns}
        rows={rows}
        loading={list.isFetching}
        error={list.error}
        empty={t('payment.admin.billing.subscriptions.empty')}
        pagination={pagination}
      />
    </AdminPage>
  );
}
