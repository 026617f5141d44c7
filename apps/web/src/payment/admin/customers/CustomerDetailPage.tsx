import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import { type Customer, merchantRoutes } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyState } from '../../../platform/ui/EmptyState';
import { useAdmin } from '../AdminContext';
import { useAdminObject } from '../api/hooks';
import { AdminPage } from '../layout/AdminPage';
import { formatDate } from '../layout/formatDate';
import { useCurrencies } from '../methods/useCurrencies';
import { CustomerInvoices, CustomerSubscriptions } from './detail/CustomerBilling';
import { CustomerMoney } from './detail/CustomerMoney';
import { useCustomerActivity } from './detail/useCustomerActivity';

function addressText(c: Customer): string {
  const a = c.address;
  if (!a) return '—';
  const parts = [a.line1, a.line2, a.city, a.state, a.postal_code, a.country?.toUpperCase()];
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join(', ') || '—';
}

/**
 * `{mount}/admin/customers/:id`: one customer's contact details and metadata, subscriptions and invoices
 * with their admin actions, credit balance, payments (refundable), refunds and events.
 */
export function CustomerDetailPage() {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const { id } = useParams();
  const item = useAdminObject(merchantRoutes.customers.retrieve, id);
  const activity = useCustomerActivity(id);
  const { currencies } = useCurrencies();
  const c = item.data;
  const back = (
    <Button component={RouterLink} to={admin.page('customers')} startIcon={<ArrowBackOutlined />}>
      {t('payment.admin.customers.title')}
    </Button>
  );
  if (item.isError) {
    return (
      <AdminPage testId="page-admin-customer" title={t('payment.adminCustomer.title')} actions={back}>
        <EmptyState
          icon={<PersonSearchOutlined />}
          title={t('payment.adminCustomer.notFoundTitle')}
          description={t('payment.adminCustomer.notFoundDescription')}
        />
      </AdminPage>
    );
  }
  const rows: Array<[string, string]> = c
    ? [
        [t('payment.admin.customers.id'), c.id],
        [t('payment.admin.customers.email'), c.email ?? '—'],
        [t('payment.admin.customers.phone'), c.phone ?? '—'],
        [t('payment.admin.customers.did'), c.did ?? '—'],
        [t('payment.admin.customers.address'), addressText(c)],
        [t('payment.admin.customers.description'), c.description ?? '—'],
        [t('payment.admin.common.created'), formatDate(c.created_at, i18n.language)],
      ]
    : [];
  return (
    <AdminPage
      testId="page-admin-customer"
      title={c ? (c.name ?? c.email ?? c.id) : t('payment.admin.common.loading')}
      actions={back}
    >
      {c?.delinquent ? (
        <Chip color="error" label={t('payment.admin.customers.delinquent')} sx={{ mb: 2 }} />
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: 1, m: 0 }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
      {c && Object.keys(c.metadata).length > 0 ? (
        <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
            {t('payment.admin.customers.metadata')}
          </Typography>
          <Box component="pre" sx={{ m: 0, fontSize: 13, overflowX: 'auto' }}>
            {JSON.stringify(c.metadata, null, 2)}
          </Box>
        </Paper>
      ) : null}
      {c ? (
        <>
          <CustomerSubscriptions customerId={c.id} />
          <CustomerInvoices customerId={c.id} currencies={currencies} />
          <CustomerMoney
            activity={activity.data}
            loading={activity.isLoading}
            error={activity.error}
            currencies={currencies}
          />
        </>
      ) : null}
    </AdminPage>
  );
}
