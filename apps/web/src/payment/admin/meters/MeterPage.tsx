import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import { Alert, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { meterRoutes } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyState } from '../../../platform/ui/EmptyState';
import { DetailList } from '../../portal/components/DetailList';
import { useNowSeconds } from '../../portal/useNowSeconds';
import { useAdmin } from '../AdminContext';
import { useAdminObject } from '../api/hooks';
import { AdminPage } from '../layout/AdminPage';
import { formatDate } from '../layout/formatDate';
import { MeterEvents } from './MeterEvents';
import { UsageChart } from './UsageChart';
import { useMeterUsage } from './useMeterUsage';

/**
 * `{mount}/admin/billing/:meterId`: one meter (event name, unit, aggregation, status, the credit it
 * consumes), its usage per customer per day as a chart with a table view, and its events with each
 * one's source data.
 */
export function MeterPage() {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const { meterId = '' } = useParams();
  const meter = useAdminObject(meterRoutes.retrieve, meterId);
  const nowMs = useNowSeconds() * 1000;
  const usage = useMeterUsage(meterId, nowMs);
  const back = (
    <Button component={RouterLink} to={admin.page('meters')} startIcon={<ArrowBackOutlined />}>
      {t('payment.admin.meters.back')}
    </Button>
  );
  const m = meter.data;
  if (meter.isError || !m) {
    return (
      <AdminPage testId="page-admin-billing" title={t('payment.admin.meters.title')} actions={back}>
        {meter.isError ? (
          <EmptyState
            icon={<QueryStatsOutlined />}
            title={t('payment.admin.meters.notFoundTitle')}
            description={t('payment.admin.meters.notFoundDescription')}
          />
        ) : (
          <LinearProgress aria-label={t('payment.admin.meters.title')} />
        )}
      </AdminPage>
    );
  }
  return (
    <AdminPage testId="page-admin-billing" title={m.name} actions={back}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <DetailList
          rows={[
            {
              id: 'status',
              label: t('payment.admin.meters.status'),
              value: (
                <Chip
                  size="small"
                  color={m.status === 'active' ? 'success' : 'default'}
                  label={t(`payment.admin.meters.statuses.${m.status}`)}
                />
              ),
            },
            { id: 'event-name', label: t('payment.admin.meters.eventName'), value: m.event_name },
            { id: 'unit', label: t('payment.admin.meters.unit'), value: m.unit },
            {
              id: 'aggregation',
              label: t('payment.admin.meters.aggregation'),
              value: t(`payment.admin.meters.aggregations.${m.aggregation_method}`),
            },
            {
              id: 'credit',
              label: t('payment.admin.meters.creditCurrency'),
              value: m.currency_id ?? t('payment.admin.meters.noCredit'),
            },
            {
              id: 'created',
              label: t('payment.admin.meters.created'),
              value: formatDate(m.created_at, i18n.language),
            },
          ]}
        />
      </Paper>
      <Stack spacing={1} sx={{ mt: 4 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('payment.admin.meters.usage')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('payment.admin.meters.usageHint')}
        </Typography>
        {usage.isError ? <Alert severity="error">{String(usage.error.message)}</Alert> : null}
        {usage.isPending ? <LinearProgress aria-label={t('payment.admin.meters.usage')} /> : null}
        {usage.data && usage.data.max > 0n ? <UsageChart table={usage.data} unit={m.unit} /> : null}
        {usage.data && usage.data.max === 0n ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('payment.admin.meters.noUsage')}</Typography>
        ) : null}
      </Stack>
      <Stack spacing={1} sx={{ mt: 4 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('payment.admin.meters.events')}
        </Typography>
        <MeterEvents meterId={m.id} unit={m.unit} />
      </Stack>
    </AdminPage>
  );
}
