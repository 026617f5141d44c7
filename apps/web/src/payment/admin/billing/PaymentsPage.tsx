import { Box, Tab, Tabs } from '@mui/material';
import { paymentIntentStatus } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../layout/AdminPage';
import { useDebounced } from '../table/useDebounced';
import { ExportButton } from './ExportButton';
import { FilterRow, IdFilter, StatusFilter } from './Filters';
import { PaymentsTable, RefundsTable } from './PaymentTables';

/** `{mount}/admin/payments`: payment intents (filtered, CSV export) and refunds, in two tabs. */
export function PaymentsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'payments' | 'refunds'>('payments');
  const [status, setStatus] = useState('');
  const [customer, setCustomer] = useState('');
  const filters = useDebounced({ status, customer_id: customer });
  return (
    <AdminPage
      testId="page-admin-payments"
      title={t('payment.admin.billing.payments.title')}
      actions={tab === 'payments' ? <ExportButton kind="payments" filters={filters} /> : null}
    >
      <Tabs value={tab} onChange={(_e, v: 'payments' | 'refunds') => setTab(v)} sx={{ mb: 2 }}>
        <Tab
          value="payments"
          label={t('payment.admin.billing.payments.tabPayments')}
          data-testid="tab-payments"
        />
        <Tab
          value="refunds"
          label={t('payment.admin.billing.payments.tabRefunds')}
          data-testid="tab-refunds"
        />
      </Tabs>
      {tab === 'payments' ? (
        <Box>
          <FilterRow>
            <StatusFilter
              statuses={paymentIntentStatus.options}
              value={status}
              onChange={setStatus}
              testId="payment-status-filter"
            />
            <IdFilter label={t('payment.admin.billing.customerId')} value={customer} onChange={setCustomer} />
          </FilterRow>
          <PaymentsTable filters={filters} testId="payments-table" />
        </Box>
      ) : (
        <RefundsTable />
      )}
    </AdminPage>
  );
}
