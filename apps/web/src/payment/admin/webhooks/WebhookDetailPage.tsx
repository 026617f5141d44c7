import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import { type WebhookAttempt, eventRoutes } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyState } from '../../../platform/ui/EmptyState';
import { useAdmin } from '../AdminContext';
import { useAdminObject } from '../api/hooks';
import { AdminPage } from '../layout/AdminPage';
import { formatDate } from '../layout/formatDate';
import { AdminTable, type Column } from '../table/AdminTable';
import { useCursorList } from '../table/useCursorList';
import { WebhookDeleteButton, WebhookToggleButton } from './WebhookActions';
import { WebhookStatusChip } from './WebhooksPage';

function Attempts({ endpointId }: { endpointId: string }) {
  const { t, i18n } = useTranslation();
  const { rows, list, pagination } = useCursorList(eventRoutes.webhookAttempts, {}, { id: endpointId });
  const columns: Column<WebhookAttempt>[] = [
    { key: 'event', label: t('payment.admin.webhooks.event'), render: (a) => <code>{a.event_type}</code> },
    { key: 'attempt', label: t('payment.admin.webhooks.attempt'), align: 'right', render: (a) => a.attempt },
    {
      key: 'result',
      label: t('payment.admin.webhooks.result'),
      render: (a) => (
        <Chip
          size="small"
          color={a.status === 'succeeded' ? 'success' : 'error'}
          label={`${t(a.status === 'succeeded' ? 'payment.admin.webhooks.succeeded' : 'payment.admin.webhooks.failed')}${a.response_status === null ? '' : ` · ${a.response_status}`}`}
        />
      ),
    },
    { key: 'error', label: t('payment.admin.webhooks.error'), render: (a) => a.error ?? '—' },
    {
      key: 'duration',
      label: t('payment.admin.webhooks.duration'),
      align: 'right',
      render: (a) => t('payment.admin.webhooks.ms', { ms: a.duration_ms }),
    },
    {
      key: 'next',
      label: t('payment.admin.webhooks.nextRetry'),
      render: (a) => (a.next_retry_at ? formatDate(a.next_retry_at, i18n.language) : '—'),
    },
    {
      key: 'at',
      label: t('payment.admin.webhooks.sentAt'),
      render: (a) => formatDate(a.created_at, i18n.language),
    },
  ];
  return (
    <>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mt: 3, mb: 1 }}>
        {t('payment.admin.webhooks.attempts')}
      </Typography>
      <AdminTable
        testId="webhook-attempts-table"
        label={t('payment.admin.webhooks.attempts')}
        columns={columns}
        rows={rows}
        loading={list.isFetching}
        error={list.error}
        empty={t('payment.admin.webhooks.noAttempts')}
        pagination={pagination}
      />
    </>
  );
}

/** `{mount}/admin/webhooks/:id`: one endpoint, its actions, and every delivery attempt. */
export function WebhookDetailPage() {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const { id } = useParams();
  const item = useAdminObject(eventRoutes.webhookEndpoint, id);
  const w = item.data;
  const back = (
    <Button component={RouterLink} to={admin.page('webhooks')} startIcon={<ArrowBackOutlined />}>
      {t('payment.admin.webhooks.title')}
    </Button>
  );
  if (item.isError) {
    return (
      <AdminPage testId="page-admin-webhook" title={t('payment.admin.webhooks.detailTitle')} actions={back}>
        <EmptyState
          icon={<LinkOffOutlined />}
          title={t('payment.admin.webhooks.notFoundTitle')}
          description={t('payment.admin.webhooks.notFoundDescription')}
        />
      </AdminPage>
    );
  }
  const rows: Array<[string, string]> = w
    ? [
        [t('payment.admin.webhooks.id'), w.id],
        [t('payment.admin.webhooks.url'), w.url],
        [t('payment.admin.webhooks.events'), w.enabled_events.join(', ')],
        [t('payment.admin.webhooks.description'), w.description ?? '—'],
        [t('payment.admin.webhooks.secret'), w.secret_redacted],
        [t('payment.admin.common.created'), formatDate(w.created_at, i18n.language)],
      ]
    : [];
  return (
    <AdminPage
      testId="page-admin-webhook"
      title={w ? t('payment.admin.webhooks.detailTitle') : t('payment.admin.common.loading')}
      actions={
        <>
          {back}
          {w ? <WebhookToggleButton item={w} /> : null}
          {w ? <WebhookDeleteButton item={w} /> : null}
        </>
      }
    >
      {w ? (
        <Box sx={{ mb: 2 }}>
          <WebhookStatusChip item={w} />
        </Box>
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
      {w ? <Attempts endpointId={w.id} /> : null}
    </AdminPage>
  );
}
