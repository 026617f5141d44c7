import {
  Alert,
  Button,
  Link,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { billingWriteRoutes, type TestClock, billingAdminRoutes } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAdmin } from '../AdminContext';
import { useAdminMutation } from '../api/hooks';
import { routeCall } from '../api/routeCall';
import { adminKey } from '../api/keys';
import { formatDate } from '../layout/formatDate';
import { SectionTitle, StatusChip } from './BillingBits';
import { localInput, plusOneMonth } from './billingView';
import { InvoiceTable } from './InvoiceTable';
import { EventList } from './SubscriptionSections';

/** Advance a clock to a chosen time (default: one month on); answers when everything due has run. */
function AdvanceForm({ clock }: { clock: TestClock }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [to, setTo] = useState(() => plusOneMonth(clock.frozen_time));
  const advance = useAdminMutation(
    ['test-clocks', 'invoices', 'subscriptions', 'payment-intents'],
    (frozen: string) =>
      routeCall(billingWriteRoutes.advanceTestClock, { id: clock.id }, { frozen_time: frozen }),
  );
  const target = new Date(to);
  const valid = !Number.isNaN(target.getTime()) && target.getTime() > new Date(clock.frozen_time).getTime();
  const submit = () =>
    advance.mutate(target.toISOString(), {
      onSuccess: (c) => {
        enqueueSnackbar(
          t('payment.admin.billing.clocks.advanced', { date: formatDate(c.frozen_time, i18n.language) }),
          {
            variant: 'success',
          },
        );
        setTo(plusOneMonth(c.frozen_time));
      },
      onError: (e) => enqueueSnackbar(e.message, { variant: 'error', persist: true }),
    });
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' } }}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) submit();
      }}
    >
      <TextField
        size="small"
        type="datetime-local"
        label={t('payment.admin.billing.clocks.advanceTo')}
        value={to}
        onChange={(e) => setTo(e.target.value)}
        error={!valid}
        helperText={valid ? ' ' : t('payment.admin.billing.clocks.mustBeLater')}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'clock-advance-to', min: localInput(clock.frozen_time) },
        }}
      />
      <Button onClick={() => setTo(plusOneMonth(clock.frozen_time))} data-testid="clock-plus-month">
        {t('payment.admin.billing.clocks.plusMonth')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={!valid || advance.isPending}
        data-testid="clock-advance"
      >
        {advance.isPending
          ? t('payment.admin.billing.clocks.advancing')
          : t('payment.admin.billing.clocks.advance')}
      </Button>
    </Stack>
  );
}

/** One clock: its time, the advance form, and what lives on it and what it produced. */
export function ClockPanel({ clock }: { clock: TestClock }) {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const objects = useQuery({
    queryKey: adminKey('test-clocks', admin.livemode, 'objects', clock.id, clock.frozen_time),
    queryFn: ({ signal }) =>
      admin.call(billingAdminRoutes.testClockObjects, { params: { id: clock.id } }, signal),
  });
  const data = objects.data;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="clock-panel">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {clock.name ?? clock.id}
        </Typography>
        <StatusChip status={clock.status} />
        <Typography data-testid="clock-time">{formatDate(clock.frozen_time, i18n.language)}</Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, wordBreak: 'break-word' }}>
        {t('payment.admin.billing.clocks.attachHint', { id: clock.id })}
      </Typography>
      <AdvanceForm key={clock.frozen_time} clock={clock} />
      {objects.error ? <Alert severity="error">{objects.error.message}</Alert> : null}
      <SectionTitle>{t('payment.admin.billing.clocks.subscriptions')}</SectionTitle>
      {data && data.subscriptions.length > 0 ? (
        <List dense data-testid="clock-subscriptions">
          {data.subscriptions.map((s) => (
            <ListItem key={s.id} divider>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={admin.page(`subscriptions/${s.id}`)}>
                    <code>{s.id}</code>
                  </Link>
                }
                secondary={`${t(`payment.admin.billing.status.${s.status}`)} · ${t(
                  'payment.admin.billing.periodRange',
                  {
                    start: formatDate(s.current_period_start, i18n.language),
                    end: formatDate(s.current_period_end, i18n.language),
                  },
                )}`}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography color="text.secondary">{t('payment.admin.billing.clocks.noneYet')}</Typography>
      )}
      <SectionTitle>{t('payment.admin.billing.clocks.customers')}</SectionTitle>
      <Typography variant="body2" data-testid="clock-customers">
        {data && data.customers.length > 0
          ? data.customers.map((c) => c.name ?? c.email ?? c.id).join(', ')
          : t('payment.admin.billing.clocks.noneYet')}
      </Typography>
      <SectionTitle>{t('payment.admin.billing.clocks.invoices')}</SectionTitle>
      <InvoiceTable
        testId="clock-invoices"
        rows={data?.invoices ?? []}
        loading={objects.isFetching}
        error={null}
      />
      <SectionTitle>{t('payment.admin.billing.clocks.events')}</SectionTitle>
      <EventList events={data?.events ?? []} testId="clock-events" />
    </Paper>
  );
}
