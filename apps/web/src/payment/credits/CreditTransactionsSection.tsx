import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { Paper, Stack, TablePagination, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_APP_CONFIG } from '../../platform/config/appConfig';
import { useAppConfig } from '../../platform/config/useAppConfig';
import { isAdminRole, useHeaderSession } from '../../platform/session/useHeaderSession';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PortalGate } from '../portal/components/PortalGate';
import { CreditTransactionsTable } from './CreditTransactionsTable';
import { rangeQuery, type DayRange } from './dateRange';
import { DateRangePicker } from './DateRangePicker';
import { useTransactionPage } from './useCredits';

const PAGE_SIZES = [10, 20, 50, 100];

interface CreditTransactionsSectionProps {
  /** Only this grant's transactions (its page); else the signed-in customer's. */
  grantId?: string;
  /** The grant's mode on its page. */
  livemode?: boolean;
}

/** The paged credit transactions with their date-range picker. */
export function CreditTransactionsSection({ grantId, livemode }: CreditTransactionsSectionProps) {
  const { t } = useTranslation();
  const mountPoint = (useAppConfig() ?? DEFAULT_APP_CONFIG).paymentMountPoint;
  const role = useHeaderSession().user?.role;
  const [range, setRange] = useState<DayRange | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const bounds = range ? rangeQuery(range) : null;
  const load = useTransactionPage(
    {
      page: page + 1,
      pageSize,
      ...(grantId ? { credit_grant_id: grantId } : {}),
      ...(bounds ?? {}),
    },
    livemode,
  );

  return (
    <Stack spacing={2} sx={{ mt: 4 }} component="section" aria-labelledby="credit-transactions-title">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h2" id="credit-transactions-title" sx={{ fontSize: '1.25rem' }}>
          {t('payment.credits.transactions')}
        </Typography>
        <DateRangePicker
          value={range}
          onChange={(next) => {
            setRange(next);
            setPage(0);
          }}
        />
      </Stack>
      <PortalGate load={load} kind="billing" icon={<ReceiptLongOutlined />}>
        {(data) =>
          data.data.length === 0 ? (
            <EmptyState
              icon={<ReceiptLongOutlined />}
              title={t('payment.credits.noTransactionsTitle')}
              description={t('payment.credits.noTransactionsDescription')}
            />
          ) : (
            <Paper variant="outlined">
              <CreditTransactionsTable
                transactions={data.data}
                mountPoint={mountPoint}
                showMeterEvent={isAdminRole(role)}
                showGrant={!grantId}
              />
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
    </Stack>
  );
}
