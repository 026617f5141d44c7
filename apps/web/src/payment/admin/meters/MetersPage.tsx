import { Chip, Link } from '@mui/material';
import { meterRoutes, type Meter } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAdmin } from '../AdminContext';
import { AdminPage } from '../layout/AdminPage';
import { formatDate } from '../layout/formatDate';
import { AdminTable, type Column } from '../table/AdminTable';
import { useCursorList } from '../table/useCursorList';

/** `{mount}/admin/meters`: the meters of the current mode, each linked to its page. */
export function MetersPage() {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const { rows, list, pagination } = useCursorList(meterRoutes.list);
  const columns: Column<Meter>[] = [
    {
      key: 'name',
      label: t('payment.admin.meters.name'),
      render: (m) => (
        <Link component={RouterLink} to={admin.page(`billing/${m.id}`)}>
          {m.name}
        </Link>
      ),
    },
    { key: 'event', label: t('payment.admin.meters.eventName'), render: (m) => m.event_name },
    { key: 'unit', label: t('payment.admin.meters.unit'), render: (m) => m.unit },
    {
      key: 'aggregation',
      label: t('payment.admin.meters.aggregation'),
      render: (m) => t(`payment.admin.meters.aggregations.${m.aggregation_method}`),
    },
    {
      key: 'status',
      label: t('payment.admin.meters.status'),
      render: (m) => (
        <Chip
          size="small"
          color={m.status === 'active' ? 'success' : 'default'}
          label={t(`payment.admin.meters.statuses.${m.status}`)}
        />
      ),
    },
    {
      key: 'created',
      label: t('payment.admin.meters.created'),
      render: (m) => formatDate(m.created_at, i18n.language),
    },
  ];
  return (
    <AdminPage testId="page-admin-meters" title={t('payment.admin.meters.title')}>
      <AdminTable
        testId="meters-table"
        label={t('payment.admin.meters.title')}
        columns={columns}
        rows={rows}
        loading={list.isFetching}
        error={list.error}
        empty={t('payment.admin.meters.empty')}
        pagination={pagination}
      />
    </AdminPage>
  );
}
