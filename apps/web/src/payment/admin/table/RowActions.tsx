import { Button, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A table row's action buttons, right-aligned. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      {children}
    </Stack>
  );
}

/** A row's Edit button. */
export function EditButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <Button size="small" onClick={onClick}>
      {t('payment.admin.common.edit')}
    </Button>
  );
}
