import { Alert, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import type { paymentEvent } from '@payshelf/api';
import { billingAdminRoutes, billingRoutes } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAdmin } from '../AdminContext';
import { ApiFailure } from '../api/client';
import { adminKey } from '../api/keys';
import { formatDate } from '../layout/formatDate';
import { SectionTitle, useMoney } from './BillingBits';
import { InvoiceTable } from './InvoiceTable';
import { usePagedInvoices } from './usePagedInvoices';

type Event = z.infer<typeof paymentEvent>;

/** Events newest first: type and time, one line each. */
export function EventList({ events, testId }: { events: readonly Event[]; testId: string }) {
  const { t, i18n } = useTranslation();
  if (events.length === 0)
    return <Typography color="text.secondary">{t('payment.admin.billing.clocks.noneYet')}</Typography>;
  return (
    <Paper variant="outlined">
      <List dense data-testid={testId}>
        {events.map((e) => (
          <ListItem key={e.id} divider>
            <ListItemText
              primary={<code>{e.type}</code>}
              secondary={`${formatDate(e.created_at, i18n.language)} · ${e.id}`}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

/** The subscription's and its invoices' events. */
export function Timeline({ id }: { id: string }) {
  const { t } = useTranslation();
  const admin = useAdmin();
  const events = useQuery({
    queryKey: adminKey('subscriptions', admin.livemode, 'events', id),
    queryFn: ({ signal }) => admin.call(billingAdminRoutes.subscriptionEvents, { params: { id } }, signal),
  });
  return (
    <>
      <SectionTitle>{t('payment.admin.billing.subscriptions.timeline')}</SectionTitle>
      {events.error ? (
        <Alert severity="error">
          {t('payment.admin.common.loadFailed', { message: events.error.message })}
        </Alert>
      ) : (
        <EventList events={events.data?.data ?? []} testId="subscription-timeline" />
      )}
    </>
  );
}

export function SubscriptionInvoices({ id }: { id: string }) {
  const { t } = useTranslation();
  const { rows, list, pagination } = usePagedInvoices({ subscription_id: id });
  return (
    <>
      <SectionTitle>{t('payment.admin.billing.subscriptions.invoices')}</SectionTitle>
      <InvoiceTable
        testId="subscription-invoices"
        rows={rows}
        loading={list.isFetching}
        error={list.error}
        pagination={pagination}
      />
    </>
  );
}

/**
 * `GET /subscriptions/{id}/upcoming-invoice`: the next invoice's amount and date. A server without the
 * preview (404) or a subscription without a next invoice shows a note instead.
 */
export function UpcomingInvoice({ id, fallbackDate }: { id: string; fallbackDate: string }) {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const money = useMoney();
  const preview = useQuery({
    queryKey: adminKey('subscriptions', admin.livemode, 'upcoming', id),
    queryFn: ({ signal }) => admin.call(billingRoutes.upcomingInvoice, { params: { id } }, signal),
    retry: (count, e) => !(e instanceof ApiFailure && e.status < 500) && count < 2,
  });
  const data = preview.data;
  return (
    <>
      <SectionTitle>{t('payment.admin.billing.subscriptions.upcoming')}</SectionTitle>
      <Typography data-testid="upcoming-invoice" color={data ? undefined : 'text.secondary'}>
        {data
          ? t('payment.admin.billing.subscriptions.upcomingDue', {
              amount: money(data.amount_due, data.currency_id),
              date: formatDate(data.next_payment_attempt ?? data.period_end ?? fallbackDate, i18n.language),
            })
          : preview.isLoading
            ? t('payment.admin.common.loading')
            : t('payment.admin.billing.subscriptions.upcomingNone')}
      </Typography>
    </>
  );
}
