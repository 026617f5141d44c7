import { Button, Chip } from '@mui/material';
import { meterEventRoutes, type MeterEvent } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../layout/formatDate';
import { AdminTable, type Column } from '../table/AdminTable';
import { useCursorList } from '../table/useCursorList';
import { SourceDataDialog } from './SourceDataDialog';

/** A meter's events, newest first, each with its `source_data` viewable as JSON. */
export function MeterEvents({ meterId, unit }: { meterId: string; unit: string }) {
  const { t, i18n } = useTranslation();
  const { rows, list, pagination } = useCursorList(meterEventRoutes.list, { meter_id: meterId });
  const [viewing, setViewing] = useState<MeterEvent | null>(null);
  const columns: Column<MeterEvent>[] = [
    {
      key: 'created',
      label: t('payment.admin.meters.time'),
      render: (e) => formatDate(e.timestamp, i18n.language),
    },
    { key: 'identifier', label: t('payment.admin.meters.identifier'), render: (e) => e.identifier },
    { key: 'customer', label: t('payment.admin.meters.customer'), render: (e) => e.payload.customer_id },
    {
      key: 'value',
      align: 'right',
      label: t('payment.admin.meters.value'),
      render: (e) => `${e.payload.value} ${unit}`,
    },
    {
      key: 'status',
      label: t('payment.admin.meters.eventStatus'),
      render: (e) => (
        <Chip
          size="small"
          color={e.status === 'completed' ? 'success' : e.status === 'pending' ? 'warning' : 'default'}
          label={t(`payment.admin.meters.eventStatuses.${e.status}`)}
        />
      ),
    },
    {
      key: 'consumed',
      align: 'right',
      label: t('payment.admin.meters.consumed'),
      render: (e) => e.credit_consumed,
    },
    {
      key: 'source',
      label: t('payment.admin.meters.sourceData'),
      render: (e) =>
        e.source_data ? (
          <Button
            size="small"
            onClick={() => setViewing(e)}
            aria-label={t('payment.admin.meters.viewOf', { identifier: e.identifier })}
            data-testid="source-data-view"
          >
            {t('payment.admin.meters.view')}
          </Button>
        ) : (
          t('payment.admin.meters.noSourceData')
        ),
    },
  ];
  return (
    <>
      <AdminTable
        testId="meter-events-table"
        label={t('payment.admin.meters.events')}
        columns={columns}
        rows={rows}
        loading={list.isFetching}
        error={list.error}
        empty={t('payment.admin.meters.noEvents')}
        pagination={pagination}
      />
      {viewing ? (
        <SourceDataDialog
          identifier={viewing.identifier}
          data={viewing.source_data}
          onClose={() => setViewing(null)}
        />
      ) : null}
    </>
  );
}
