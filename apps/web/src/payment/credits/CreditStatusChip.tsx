import { Chip } from '@mui/material';
import type { CreditGrantStatus } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { grantStatusColor } from './creditView';

/** A credit grant's status: granted success, pending warning, depleted, expired and voided neutral. */
export function CreditStatusChip({ status }: { status: CreditGrantStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={grantStatusColor(status)}
      label={t(`payment.credits.status.${status}`)}
      data-testid="credit-status"
    />
  );
}
