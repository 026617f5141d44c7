import { MenuItem, TextField } from '@mui/material';
import { INVOICE_STATUSES } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../layout/AdminPage';
import { useCurrencies } from '../methods/useCurrencies';
import { SearchField } from '../table/SearchField';
import { useDebounced } from '../table/useDebounced';
import { ExportButton } from './ExportButton';
import { FilterRow, IdFilter, StatusFilter } from './Filters';
import { InvoiceTable } from './InvoiceTable';
import { usePagedInvoices } from './usePagedInvoices';

/** `{mount}/admin/invoices`: every invoice of the mode, filtered and searched, newest first; CSV export. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const { currencies } = useCurrencies();
  const [status, setStatus] = useState('');
  const [currency, setCurrency] = useState('');
  const [customer, setCustomer] = useState('');
  const [subscription, setSubscription] = useState('');
  const [search, setSearch] = useState('');
  const filters = useDebounced({
    status,
    currency_id: currency,
    customer_id: customer,
    subscription_id: subscription,
    q: search.trim(),
  });
  const { rows, list, pagination } = usePagedInvoices(filters);
  return (
    <AdminPage
      testId="page-admin-invoices"
      title={t('payment.admin.billing.invoices.title')}
      actions={<ExportButton kind="invoices" filters={filters} />}
    >
      <FilterRow>
        <SearchField label={t('payment.admin.billing.invoices.search')} value={search} onChange={setSearch} />
        <StatusFilter
          statuses={INVOICE_STATUSES}
          value={status}
          onChange={setStatus}
          testId="invoice-status-filter"
        />
        <TextField
          select
          size="small"
          label={t('payment.admin.billing.currency')}
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
          sx={{ minWidth: 120 }}
        >
          <MenuItem value="">{t('payment.admin.billing.any')}</MenuItem>
          {currencies.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.symbol}
            </MenuItem>
          ))}
        </TextField>
        <IdFilter label={t('payment.admin.billing.customerId')} value={customer} onChange={setCustomer} />
        <IdFilter
          label={t('payment.admin.billing.subscriptionId')}
          value={subscription}
          onChange={setSubscription}
        />
      </FilterRow>
      <InvoiceTable
        testId="invoices-table"
        rows={rows}
        loading={list.isFetching}
        error={list.error}
        pagination={pagination}
      />
    </AdminPage>
  );
}
