import type { VersionStatus } from '@payshelf/api';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLORS: Record<VersionStatus, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  draft: 'default',
  pending_review: 'warning',
  in_review: 'info',
  approved: 'success',
  rejected: 'error',
  cancelled: 'default',
  published: 'success',
};

/** A version's review status as a labelled chip. */
export function VersionStatusChip({ status }: { status: VersionStatus }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" variant="outlined" color={COLORS[status]} label={t(`store.dev.status.${status}`)} />
  );
}

/** Normal or blocked. */
export function BlockStatusChip({ status }: { status: 'normal' | 'blocked' }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={status === 'blocked' ? 'error' : 'default'}
      variant={status === 'blocked' ? 'filled' : 'outlined'}
      label={t(`store.dev.status.${status}`)}
    />
  );
}
