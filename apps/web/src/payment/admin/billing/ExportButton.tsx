import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { QueryValue } from '../api/client';
import { useAdmin } from '../AdminContext';
import { exportHref } from './billingView';

/** Downloads the list as CSV with its current filters (the server streams the file). */
export function ExportButton(props: { kind: 'invoices' | 'payments'; filters: Record<string, QueryValue> }) {
  const { t } = useTranslation();
  const admin = useAdmin();
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlined />}
      href={exportHref(admin.mountPoint, props.kind, admin.livemode, props.filters)}
      download
      data-testid={`${props.kind}-export`}
    >
      {t('payment.admin.billing.exportCsv')}
    </Button>
  );
}
