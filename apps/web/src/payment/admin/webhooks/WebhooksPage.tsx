import { Chip, Link } from '@mui/material';
import { type WebhookEndpoint, eventRoutes } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAdmin } from '../AdminContext';
import { AddButton } from '../layout/AddButton';
import { AdminPage } from '../layout/AdminPage';
import { formatDate } from '../layout/formatDate';
import { actionsColumn } from '../table/actionsColumn';
import { AdminTable, type Column } from '../table/AdminTable';
import { RowActions } from '../table/RowActions';
import { useCursorList } from '../table/useCursorList';
import { WebhookDeleteButton, WebhookToggleButton } from './WebhookActions';
import { WebhookCreateDialog } from './WebhookCreateDialog';

export function WebhookStatusChip({ item }: { item: WebhookEndpoint }) {
  const { t } = useTranslation();
  return item.status === 'enabled' ? (
    <Chip size="small" color="success" label={t('payment.admin.webhooks.enabled')} />
  ) : (
    <Chip size="small" label={t('payment.admin.webhooks.disabled')} />
  );
}

/** `{mount}/admin/webhooks`: endpoints of the current mode; add (secret shown once), enable/disable, delete. */
export function WebhooksPage() {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const [creating, setCreating] = useState(false);
  const { rows, list, pagination } = useCursorList(eventRoutes.webhookEndpoints);
  const columns: Column<WebhookEndpoint>[] = [
    {
      key: 'url',
      label: t('payment.admin.webhooks.url'),
      render: (w) => (
        <Link component={RouterLink} to={admin.page(`webhooks/${w.id}`)} sx={{ wordBreak: 'break-all' }}>
          {w.url}
        </Link>
      ),
    },
    { key: 'events', label: t('payment.admin.webhooks.events'), render: (w) => w.enabled_events.join(', ') },
    { key: 'status', label: t('payment.admin.common.status'), render: (w) => <WebhookStatusChip item={w} /> },
    {
      key: 'created',
      label: t('payment.admin.common.created'),
      render: (w) => formatDate(w.created_at, i18n.language),
    },
    actionsColumn(t('payment.admin.common.actions'), (w: WebhookEndpoint) => (
      <RowActions>
        <WebhookToggleButton item={w} />
        <WebhookDeleteButton item={w} />
      </RowActions>
    )),
  ];
  return (
    <AdminPage
      testId="page-admin-webhooks"
      title={t('payment.admin.webhooks.title')}
      actions={
        <AddButton
          label={t('payment.admin.webhooks.create')}
          testId="webhook-create"
          onClick={() => setCreating(true)}
        />
      }
    >
      <AdminTable
        testId="webhooks-table"
        label={t('payment.admin.webhooks.title')}
        columns={columns}
        rows={rows}
        loading={list.isFetching}
        error={list.error}
        empty={t('payment.admin.webhooks.empty')}
        pagination={pagination}
      />
      {creating ? <WebhookCreateDialog onClose={() => setCreating(false)} /> : null}
    </AdminPage>
  );
}
