import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DEFAULT_APP_CONFIG } from '../../platform/config/appConfig';
import { useAppConfig } from '../../platform/config/useAppConfig';
import { EmptyState } from '../../platform/ui/EmptyState';
import { CreditBalancePanel } from '../credits/CreditBalancePanel';
import { atMountPoint } from '../paths';
import { PortalGate } from '../portal/components/PortalGate';
import { PortalSection } from '../portal/components/PortalSection';
import { groupLabel } from '../portal/logic/pastDue';
import { amountText } from '../portal/logic/invoiceView';
import { summarise } from '../portal/logic/summary';
import { InvoiceTable } from '../portal/lists/InvoiceTable';
import { SubscriptionTable } from '../portal/lists/SubscriptionTable';
import { useSubscriptionList, useSummaryInvoices } from '../portal/lists/usePortalLists';
import { useNowSeconds } from '../portal/useNowSeconds';

const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due', 'paused']);

/**
 * `{mount}/customer`: the customer's billing at a glance: per currency what was paid this year, what is
 * open and what is past due; live subscriptions with their next payment; the latest invoices; links on.
 * A customer on a test clock is summed at the clock's time.
 */
export function PortalHomePage() {
  const { t, i18n } = useTranslation();
  const mountPoint = (useAppConfig() ?? DEFAULT_APP_CONFIG).paymentMountPoint;
  const nowMs = useNowSeconds() * 1000;
  const invoices = useSummaryInvoices(nowMs);
  const subscriptions = useSubscriptionList();
  const to = (path: string) => atMountPoint(mountPoint, path);

  return (
    <PortalSection testId="page-portal-home" title={t('payment.portal.home.title')}>
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to={to('customer/invoices')} variant="outlined">
          {t('payment.portal.home.allInvoices')}
        </Button>
        <Button component={RouterLink} to={to('customer/subscriptions')} variant="outlined">
          {t('payment.portal.home.allSubscriptions')}
        </Button>
        <Button component={RouterLink} to={to('customer/payments')} variant="outlined">
          {t('payment.portalPay.payments.title')}
        </Button>
        <Button component={RouterLink} to={to('customer/invoice/past-due')} variant="outlined">
          {t('payment.portal.home.pastDue')}
        </Button>
        <Button component={RouterLink} to={to('customer/credits')} variant="outlined">
          {t('payment.credits.viewCredits')}
        </Button>
      </Stack>
      <Stack sx={{ mt: 3 }}>
        <CreditBalancePanel mountPoint={mountPoint} nowMs={nowMs} />
      </Stack>
      <PortalGate load={invoices} kind="billing" icon={<ReceiptLongOutlined />}>
        {({ invoices: list, pastDueIds, nowMs: at }) => {
          // "Paid this year": the year of the customer's test clock when they are on one.
          const sums = summarise(list, at, new Set(pastDueIds));
          const recent = [...list].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, 5);
          const live =
            subscriptions.state === 'ready'
              ? subscriptions.data.filter((s) => LIVE_STATUSES.has(s.status))
              : [];
          if (list.length === 0 && live.length === 0) {
            return (
              <EmptyState
                icon={<ReceiptLongOutlined />}
                title={t('payment.portal.home.emptyTitle')}
                description={t('payment.portal.home.emptyDescription')}
              />
            );
          }
          return (
            <Stack spacing={3} sx={{ mt: 3 }}>
              {sums.length > 0 ? (
                <Box
                  component="ul"
                  aria-label={t('payment.portal.home.summary')}
                  sx={{
                    listStyle: 'none',
                    m: 0,
                    p: 0,
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' },
                  }}
                >
                  {sums.map((row) => (
                    <Paper
                      component="li"
                      key={row.currencyId}
                      variant="outlined"
                      sx={{ p: 2 }}
                      data-testid="portal-summary"
                    >
                      <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
                        {groupLabel(row)}
                      </Typography>
                      {(
                        [
                          ['paidThisYear', row.paidThisYear],
                          ['open', row.open],
                          ['pastDueAmount', row.pastDue],
                        ] as const
                      ).map(([key, value]) => (
                        <Stack key={key} direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
                          <Typography sx={{ color: 'text.secondary' }}>
                            {t(`payment.portal.home.${key}`)}
                          </Typography>
                          <Typography
                            sx={{
                              fontWeight: 600,
                              color: key === 'pastDueAmount' && value > 0n ? 'error.main' : undefined,
                            }}
                          >
                            {amountText(value.toString(), row.currency, i18n.language)}
                          </Typography>
                        </Stack>
                      ))}
                    </Paper>
                  ))}
                </Box>
              ) : null}
              {live.length > 0 ? (
                <Paper variant="outlined" sx={{ p: 2 }}>
                  <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
                    {t('payment.portal.home.activeSubscriptions')}
                  </Typography>
                  <SubscriptionTable subscriptions={live} mountPoint={mountPoint} />
                </Paper>
              ) : null}
              {recent.length > 0 ? (
                <Paper variant="outlined" sx={{ p: 2 }}>
                  <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
                    {t('payment.portal.home.recentInvoices')}
                  </Typography>
                  <InvoiceTable invoices={recent} mountPoint={mountPoint} />
                </Paper>
              ) : null}
            </Stack>
          );
        }}
      </PortalGate>
    </PortalSection>
  );
}
