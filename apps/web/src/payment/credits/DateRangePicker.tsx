import DateRangeOutlined from '@mui/icons-material/DateRangeOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Popover,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { lastDays, rangeQuery, type DayRange } from './dateRange';

interface DateRangePickerProps {
  /** The chosen days, or null for all dates. */
  value: DayRange | null;
  onChange(range: DayRange | null): void;
  /** Today, for the presets (tests pass a fixed one). */
  now?: Date;
}

/**
 * A range of whole days for the credit transactions: a popover under its button on desktop, a dialog
 * on narrow screens (under 600 px). The list then runs from 00:00:00 of the first day to 23:59:59 of
 * the last in the browser's time zone (see dateRange.ts).
 */
export function DateRangePicker({ value, onChange, now }: DateRangePickerProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DayRange>(value ?? { from: '', to: '' });
  const [touched, setTouched] = useState(false);
  const titleId = useId();
  const valid = rangeQuery(draft) !== null;

  const show = (day: string) =>
    new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-US', { dateStyle: 'medium' }).format(
      new Date(`${day}T00:00:00`),
    );
  const label = value
    ? t('payment.credits.range.shown', { from: show(value.from), to: show(value.to) })
    : null;

  const openPicker = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    setDraft(value ?? { from: '', to: '' });
    setTouched(false);
    setOpen(true);
  };
  const choose = (range: DayRange | null) => {
    onChange(range);
    setOpen(false);
  };
  const apply = () => {
    setTouched(true);
    if (valid) choose(draft);
  };

  const body = (
    <Stack spacing={2} sx={{ pt: narrow ? 1 : 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(['from', 'to'] as const).map((key) => (
          <TextField
            key={key}
            type="date"
            size="small"
            label={t(`payment.credits.range.${key}`)}
            value={draft[key]}
            onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `credit-range-${key}` } }}
          />
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {([7, 30] as const).map((days) => (
          <Button
            key={days}
            size="small"
            variant="outlined"
            onClick={() => choose(lastDays(days, now ?? new Date()))}
          >
            {t(`payment.credits.range.last${days}`)}
          </Button>
        ))}
        <Button size="small" onClick={() => choose(null)}>
          {t('payment.credits.range.clear')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('payment.credits.range.hint')}
      </Typography>
      {touched && !valid ? (
        <Alert severity="warning" data-testid="credit-range-invalid">
          {t('payment.credits.range.invalid')}
        </Alert>
      ) : null}
    </Stack>
  );

  const actions = (
    <>
      <Button onClick={() => setOpen(false)}>{t('payment.credits.range.cancel')}</Button>
      <Button variant="contained" onClick={apply} data-testid="credit-range-apply">
        {t('payment.credits.range.apply')}
      </Button>
    </>
  );

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DateRangeOutlined />}
        onClick={openPicker}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="credit-range-button"
        aria-label={`${t('payment.credits.range.label')}: ${label ?? t('payment.credits.range.all')}`}
      >
        {label ?? t('payment.credits.range.all')}
      </Button>
      {narrow ? (
        <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth>
          <DialogTitle id={titleId}>{t('payment.credits.range.title')}</DialogTitle>
          <DialogContent>{body}</DialogContent>
          <DialogActions>{actions}</DialogActions>
        </Dialog>
      ) : (
        <Popover
          open={open}
          anchorEl={anchor}
          onClose={() => setOpen(false)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { p: 2, maxWidth: 480 } } }}
        >
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, mb: 2 }}>
            {t('payment.credits.range.title')}
          </Typography>
          {body}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>{actions}</Box>
        </Popover>
      )}
    </>
  );
}
