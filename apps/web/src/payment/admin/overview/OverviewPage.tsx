import { CustomerName } from '../names/CustomerName';
import { Alert, Box, LinearProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import type { Overview, PaymentIntent } from '@payshelf/api';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../layout/AdminPage';
import { formatDate } from '../layout/formatDate';
import { moneyText } from '../prices/priceText';
import { AdminTable, type Column } from '../table/AdminTable';
import { activeOf, chartCurrencies, dailySeries, daysBetween, mrrOf, revenueOf } from './series';
import { SvgChart } from './SvgChart';
import { useOverview } from './useOverview';

const RANGES = [7, 30, 90] as const;

function Card(props: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={props.testId}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {props.title}
      </Typography>
      {props.children}
    </Paper>
  );
}

function Charts({ data, days }: { data: Overview; days: number }) {
  const { t } = useTranslation();
  const window = daysBetween(data.from, data.to);
  const currencies = chartCurrencies(data);
  const count = (v: bigint) => v.toString();
  if (currencies.length === 0)
    return <Alert severity="info">{t('payment.admin.insights.overview.noData')}</Alert>;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {currencies.map((c) => {
        const money = (v: bigint) => moneyText(v.toString(), c);
        return (
          <Box key={c.id} sx={{ display: 'contents' }}>
            <Card
              title={`${t('payment.admin.insights.overview.revenue')} · ${c.symbol}`}
              testId="overview-revenue"
            >
              <SvgChart
                kind="bar"
                testId={`chart-revenue-${c.id}`}
                label={t('payment.admin.insights.overview.revenueChart', { currency: c.symbol, days })}
                points={dailySeries(window, data.revenue, c.id, revenueOf)}
                format={money}
              />
            </Card>
            <Card title={`${t('payment.admin.insights.overview.mrr')} · ${c.symbol}`}>
              <SvgChart
                kind="line"
                testId={`chart-mrr-${c.id}`}
                label={t('payment.admin.insights.overview.mrrChart', { currency: c.symbol, days })}
                points={dailySeries(window, data.subscriptions, c.id, mrrOf)}
                format={money}
              />
            </Card>
          </Box>
        );
      })}
      <Card title={t('payment.admin.insights.overview.active')}>
        <SvgChart
          kind="line"
          testId="chart-active"
          label={t('payment.admin.insights.overview.activeChart', { days })}
          points={dailySeries(window, data.subscriptions, null, activeOf)}
          format={count}
        />
      </Card>
    </Box>
  );
}

/** `{mount}/admin/overview`: revenue and MRR per day and currency, active subscriptions, past due, recent payments. */
export function OverviewPage() {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<number>(30);
  const query = useOverview(days);
  const data = query.data;
  const currencyOf = (id: string) => data?.currencies.find((c) => c.id === id);
  const columns: Array<Column<PaymentIntent>> = [
    {
      key: 'amount',
      label: t('payment.admin.insights.overview.amount'),
      render: (p) => moneyText(p.amount_received, currencyOf(p.currency_id)),
    },
    {
      key: 'customer',
      label: t('payment.admin.nav.customers'),
      render: (p) => <CustomerName id={p.customer_id} />,
    },
    {
      key: 'created',
      label: t('payment.admin.common.created'),
      render: (p) => formatDate(p.created_at, i18n.language),
    },
  ];
  const range = (
    <TextField
      select
      size="small"
      label={t('payment.admin.insights.overview.range')}
      value={days}
      onChange={(e) => setDays(Number(e.target.value))}
      data-testid="overview-range"
    >
      {RANGES.map((d) => (
        <MenuItem key={d} value={d}>
          {t('payment.admin.insights.overview.days', { days: d })}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <AdminPage
      testId="page-admin-overview"
      title={t('payment.admin.insights.overview.title')}
      actions={range}
    >
      {query.isLoading ? <LinearProgress aria-label={t('payment.admin.common.loading')} /> : null}
      {query.error ? (
        <Alert severity="error">
          {t('payment.admin.common.loadFailed', { message: query.error.message })}
        </Alert>
      ) : null}
      {data ? (
        <Stack spacing={2}>
          <Card title={t('payment.admin.insights.overview.pastDue')} testId="overview-past-due">
            {data.past_due.length === 0 ? (
              <Typography>{t('payment.admin.insights.overview.pastDueNone')}</Typography>
            ) : (
              <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {data.past_due.map((p) => (
                  <Box key={p.currency_id}>
                    <Typography sx={{ fontSize: '1.4rem', fontWeight: 600 }}>
                      {moneyText(p.amount, currencyOf(p.currency_id))}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('payment.admin.insights.overview.pastDueCount', { count: p.count })}
                    </Typography>
                  </Box>
                ))}
              </Stack>
            )}
          </Card>
          <Charts data={data} days={days} />
          <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
            {t('payment.admin.insights.overview.recent')}
          </Typography>
          <AdminTable
            testId="overview-recent"
            label={t('payment.admin.insights.overview.recent')}
            columns={columns}
            rows={data.recent_payments}
            loading={false}
            error={null}
            empty={t('payment.admin.insights.customer.noPayments')}
          />
        </Stack>
      ) : null}
    </AdminPage>
  );
}
