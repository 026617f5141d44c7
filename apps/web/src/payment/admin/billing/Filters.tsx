import { MenuItem, Stack, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { billingEn } from '../i18n/billingEn';

export type StatusName = keyof typeof billingEn.status;

/** The filter row above a billing table; wraps on a phone. */
export function FilterRow({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
      {children}
    </Stack>
  );
}

/** A status choice ('' for any) among `statuses`, each shown by its translated name. */
export function StatusFilter(props: {
  statuses: readonly StatusName[];
  value: string;
  onChange(value: string): void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('payment.admin.common.status')}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      sx={{ minWidth: 160 }}
      slotProps={{ htmlInput: { 'data-testid': props.testId } }}
    >
      <MenuItem value="">{t('payment.admin.billing.any')}</MenuItem>
      {props.statuses.map((s) => (
        <MenuItem key={s} value={s}>
          {t(`payment.admin.billing.status.${s}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A free-text id filter (customer, price, subscription). */
export function IdFilter(props: { label: string; value: string; onChange(value: string): void }) {
  return (
    <TextField
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value.trim())}
      sx={{ width: 180 }}
    />
  );
}
