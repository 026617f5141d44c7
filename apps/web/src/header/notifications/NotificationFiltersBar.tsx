import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SEVERITIES } from './notificationModel';
import type { NotificationFilters } from './notificationsApi';

interface Props {
  filters: NotificationFilters;
  onChange: (next: Partial<Record<'id' | 'severity' | 'componentDid' | 'read', string | undefined>>) => void;
}

/** Severity, source and read filters; a notice with "Show all" when filtered by one id. */
export function NotificationFiltersBar({ filters, onChange }: Props) {
  const { t } = useTranslation();
  const readValue = filters.read === undefined ? 'all' : String(filters.read);
  const source =
    filters.componentDid === 'system' || filters.componentDid === 'all' ? filters.componentDid : 'other';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3, alignItems: { sm: 'center' } }}>
      <TextField
        select
        size="small"
        label={t('header.notifications.filters.severity')}
        value={filters.severity}
        onChange={(e) => onChange({ severity: e.target.value === 'all' ? undefined : e.target.value })}
        sx={{ minWidth: 160 }}
        slotProps={{ htmlInput: { 'data-testid': 'filter-severity' } }}
      >
        <MenuItem value="all">{t('header.notifications.filters.all')}</MenuItem>
        {SEVERITIES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`header.notifications.severity.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('header.notifications.filters.source')}
        value={source}
        onChange={(e) => onChange({ componentDid: e.target.value === 'all' ? undefined : e.target.value })}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="all">{t('header.notifications.filters.all')}</MenuItem>
        <MenuItem value="system">{t('header.notifications.filters.system')}</MenuItem>
        {source === 'other' ? <MenuItem value="other">{filters.componentDid}</MenuItem> : null}
      </TextField>
      <TextField
        select
        size="small"
        label={t('header.notifications.filters.status')}
        value={readValue}
        onChange={(e) => onChange({ read: e.target.value === 'all' ? undefined : e.target.value })}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="all">{t('header.notifications.filters.all')}</MenuItem>
        <MenuItem value="false">{t('header.notifications.filters.unread')}</MenuItem>
        <MenuItem value="true">{t('header.notifications.filters.read')}</MenuItem>
      </TextField>
      {filters.id ? (
        <Button onClick={() => onChange({ id: undefined })} data-testid="filter-show-all">
          {t('header.notifications.showAll')}
        </Button>
      ) : null}
    </Stack>
  );
}
