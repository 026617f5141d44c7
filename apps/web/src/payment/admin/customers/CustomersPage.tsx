import { Chip, Link } from '@mui/material';
import { type Customer, merchantRoutes } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAdmin } from '../AdminContext';
import { AdminPage } from '../layout/AdminPage';
import { formatDate } from '../layout/formatDate';
import { AdminTable, type Column } from '../table/AdminTable';
import { matchesSearch } from '../table/cursorPages';
import { SearchField } from '../table/SearchField';
import { useCursorList } from '../table/useCursorList';
import { useDebounced } from '../table/useDebounced';
import { customerSearch } from './customerSearch';

/** `{mount}/admin/customers`: customers of the current mode, searched by email, DID or name. */
export function CustomersPage() {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const [search, setSearch] = useState('');
  const { email, did, local } = customerSearch(useDebounced(search));
  const { rows, list, pagination } = useCursorList(merchantRoutes.customers.list, { email, did });
  const shown = rows.filter((c) => matchesSearch(local, [c.name, c.email, c.id, c.did]));
  const columns: Column<Customer>[] = [
    {
      key: 'name',
      label: t('payment.admin.customers.name'),
      render: (c) => (
        <Link component={RouterLink} to={admin.page(`customers/${c.id}`)}>
          {c.name ?? c.email ?? c.id}
        </Link>
      ),
    },
    { key: 'email', label: t('payment.admin.customers.email'), render: (c) => c.email ?? '—' },
    { key: 'did', label: t('payment.admin.customers.did'), render: (c) => c.did ?? '—' },
    {
      key: 'status',
      label: t('payment.admin.common.status'),
      render: (c) =>
        c.delinquent ? (
          <Chip size="small" color="error" label={t('payment.admin.customers.delinquent')} />
        ) : null,
    },
    {
      key: 'created',
      label: t('payment.admin.common.created'),
      render: (c) => formatDate(c.created_at, i18n.language),
    },
  ];
  return (
    <AdminPage testId="page-admin-customers" title={t('payment.admin.customers.title')}>
      <SearchField label={t('payment.admin.customers.search')} value={search} onChange={setSearch} />
      <div style={{ height: 16 }} />
      <AdminTable
        testId="customers-table"
        label={t('payment.admin.customers.title')}
        columns={columns}
        rows={shown}
        loading={list.isFetching}
        error={list.error}
        empty={t('payment.admin.customers.empty')}
        pagination={pagination}
      />
    </AdminPage>
  );
}
