import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { FormControlLabel, MenuItem, Paper, Stack, Switch, TablePagination, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_APP_CONFIG } from '../../platform/config/appConfig';
import { useAppConfig } from '../../platform/config/useAppConfig';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PortalGate } from '../portal/components/PortalGate';
import { PortalSection } from '../portal/components/PortalSection';
import { InvoiceTable } from '../portal/lists/InvoiceTable';
import { subscriptionName } from '../portal/lists/SubscriptionTable';
import { useInvoicePage } from '../portal/lists/usePortalLists';

const STATUSES = ['open', 'paid', 'uncollectible', 'void'] as const;
const PAGE_SIZES = [10, 20, 50, 100];

/** `{mount}/customer/invoices[?subscription_id=]`: every invoice of the customer, paged and filtered. */
export function PortalInvoicesPage() {
  const { t, i18n } = useTranslation();
  const mountPoint = (useAppConfig() ?? DEFAULT_APP_CONFIG).paymentMountPoint;
  const [searchParams] = useSearchParams();
  const subscriptionId = searchParams.get('subscription_id') ?? undefined;
  const [status, setStatus] = useState('');
  const [hideZero, setHideZero] = useState(true);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const load = useInvoicePage({
    page: page + 1,
    pageSize,
    ...(status ? { status } : {}),
    ...(subscriptionId ? { subscription_id: subscriptionId } : {}),
    ...(hideZero ? { ignore_zero: 'true' as const } : {}),
  });
  const subscription = load.state === 'ready' ? load.data.subscription : null;

  return (
    <PortalSection
      testId="page-portal-invoices"
      title={t('payment.portal.lists.invoicesTitle')}
      {...(subscription
        ? {
            subtitle: t('payment.portal.lists.ofSubscription', {
              name: subscriptionName(subscription, i18n.language),
            }),
          }
        : {})}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mt: 3, mb: 2, alignItems: { sm: 'center' } }}
      >
        <TextField
          select
          size="small"
          label={t('payment.portal.lists.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'portal-invoice-status' } as object } }}
        >
          <MenuItem value="">{t('payment.portal.lists.allStatuses')}</MenuItem>
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`payment.portal.invoice.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={hideZero}
              onChange={(e) => {
                setHideZero(e.target.checked);
                setPage(0);
              }}
            />
          }
          label={t('payment.portal.lists.hideZero')}
        />
      </Stack>
      <PortalGate load={load} kind="billing" icon={<ReceiptLongOutlined />}>
        {(data) =>
          data.list.length === 0 ? (
            <EmptyState
              icon={<ReceiptLongOutlined />}
              title={t('payment.portal.lists.noInvoicesTitle')}
              description={t('payment.portal.lists.noInvoicesDescription')}
            />
          ) : (
            <Paper variant="outlined">
              <InvoiceTable invoices={data.list} mountPoint={mountPoint} />
              <TablePagination
                component="div"
                count={data.count}
                page={page}
                rowsPerPage={pageSize}
                rowsPerPageOptions={PAGE_SIZES}
                onPageChange={(_e, p) => setPage(p)}
                onRowsPerPageChange={(e) => {
                  setPageSize(Number(e.target.value));
                  setPage(0);
                }}
                labelRowsPerPage={t('payment.portal.lists.rowsPerPage')}
              />
            </Paper>
          )
        }
      </PortalGate>
    </PortalSection>
  );
}
