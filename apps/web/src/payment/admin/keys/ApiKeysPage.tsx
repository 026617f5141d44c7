import { Chip } from '@mui/material';
import { type ApiKey, instanceRoutes } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../layout/AdminPage';
import { formatDate } from '../layout/formatDate';
import { AdminTable, type Column } from '../table/AdminTable';
import { useCursorList } from '../table/useCursorList';
import { KeyCreateDialog } from './KeyCreateDialog';
import { RevokeKeyButton } from './RevokeKeyButton';
import { AddButton } from '../layout/AddButton';
import { actionsColumn } from '../table/actionsColumn';

/** `{mount}/admin/api-keys`: secret keys of the current mode; create (secret shown once), revoke. */
export function ApiKeysPage() {
  const { t, i18n } = useTranslation();
  const [creating, setCreating] = useState(false);
  const { rows, list, pagination } = useCursorList(instanceRoutes.apiKeys);
  const columns: Column<ApiKey>[] = [
    { key: 'name', label: t('payment.admin.keys.name'), render: (k) => k.name },
    { key: 'key', label: t('payment.admin.keys.key'), render: (k) => <code>{k.redacted}</code> },
    {
      key: 'created',
      label: t('payment.admin.common.created'),
      render: (k) => formatDate(k.created_at, i18n.language),
    },
    {
      key: 'used',
      label: t('payment.admin.keys.lastUsed'),
      render: (k) =>
        k.last_used_at ? formatDate(k.last_used_at, i18n.language) : t('payment.admin.keys.never'),
    },
    {
      key: 'status',
      label: t('payment.admin.common.status'),
      render: (k) =>
        k.revoked_at ? (
          <Chip size="small" label={t('payment.admin.keys.revokedBadge')} />
        ) : (
          <Chip size="small" color="success" label={t('payment.admin.common.active')} />
        ),
    },
    actionsColumn(t('payment.admin.common.actions'), (k: ApiKey) =>
      k.revoked_at ? null : <RevokeKeyButton item={k} />,
    ),
  ];
  return (
    <AdminPage
      testId="page-admin-keys"
      title={t('payment.admin.keys.title')}
      actions={
        <AddButton
          label={t('payment.admin.keys.create')}
          testId="key-create"
          onClick={() => setCreating(true)}
        />
      }
    >
      <AdminTable
        testId="keys-table"
        label={t('payment.admin.keys.title')}
        columns={columns}
        rows={rows}
        loading={list.isFetching}
        error={list.error}
        empty={t('payment.admin.keys.empty')}
        pagination={pagination}
      />
      {creating ? <KeyCreateDialog onClose={() => setCreating(false)} /> : null}
    </AdminPage>
  );
}
