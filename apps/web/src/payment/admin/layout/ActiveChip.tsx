import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A small status chip: Active (green) or Archived. */
export function ActiveChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      label={t(active ? 'payment.admin.common.active' : 'payment.admin.common.archived')}
    />
  );
}
