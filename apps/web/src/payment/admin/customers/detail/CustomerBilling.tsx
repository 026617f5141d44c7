import { StatusChip } from '../../billing/BillingBits';
import { Chip, Stack } from '@mui/material';
import {
  billingWriteRoutes,
  type InvoiceListItem,
  type PaymentCurrency,
  type Subscription,
  billingRoutes,
  type BodyOf,
} from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAdmin } from '../../AdminContext';
import { adminKey } from '../../api/keys';
import { routeCall } from '../../api/routeCall';
import { RefundLastPayment } from '../../billing/RefundLastPayment';
import { ConfirmButton } from '../../layout/ConfirmButton';
import { formatDate } from '../../layout/formatDate';
import { moneyText } from '../../prices/priceText';
import { AdminTable, type Column } from '../../table/AdminTable';
import { customerText } from './customerText';
import { Section } from './Section';

const RESOURCES = ['subscriptions', 'invoices', 'refunds'] as const;
const SUBSCRIPTION_VERBS = {
  pause: billingWriteRoutes.pauseSubscription,
  unpause: billingWriteRoutes.unpauseSubscription,
};

/** The customer's subscriptions with cancel (now or at the period end), pause and refund last payment. */
export function CustomerSubscriptions({ customerId }: { customerId: string }) {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const list = useQuery({
    queryKey: adminKey('subscriptions', admin.livemode, 'customer', customerId),
    queryFn: ({ signal }) =>
      admin.call(billingRoutes.subscriptions, { query: { customer_id: customerId, limit: 50 } }, signal),
  });
  const k = customerText(t);
  const action = (
    s: Subscription,
    verb: 'cancel' | 'pause' | 'unpause',
    label: string,
    text: string,
    body: BodyOf<typeof billingWriteRoutes.cancelSubscription> = {},
  ) => (
    <ConfirmButton
      key={verb}
      label={label}
      color={verb === 'unpause' ? 'warning' : 'error'}
      title={`${label}: ${s.id}`}
      text={text}
      done={k('done')}
      call={
        verb === 'cancel'
          ? routeCall(billingWriteRoutes.cancelSubscription, { id: s.id }, body)
          : routeCall(SUBSCRIPTION_VERBS[verb], { id: s.id })
      }
      resources={RESOURCES}
      testId={`sub-${verb}-${s.id}${verb === 'cancel' && (body as { at_period_end?: boolean }).at_period_end ? '-end' : ''}`}
    />
  );
  const live = (s: Subscription) => !['canceled', 'incomplete_expired'].includes(s.status);
  const columns: Array<Column<Subscription>> = [
    { key: 'id', label: 'ID', render: (s) => s.id },
    {
      key: 'status',
      label: k('status'),
      render: (s) => (
        <Stack direction="row" spacing={0.5}>
          <StatusChip status={s.status} />
          {s.cancel_at_period_end ? (
            <Chip
              size="small"
              color="warning"
              label={t('payment.admin.insights.customer.cancelAtEndChip', {
                date: formatDate(s.current_period_end, i18n.language),
              })}
            />
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'period',
      label: k('period'),
      render: (s) =>
        `${formatDate(s.current_period_start, i18n.language)} – ${formatDate(s.current_period_end, i18n.language)}`,
    },
    {
      key: 'actions',
      label: k('actions'),
      render: (s) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {live(s) ? (
            <>
              {action(s, 'cancel', k('cancelNow'), k('cancelNowText'))}
              {s.cancel_at_period_end
                ? null
                : action(
                    s,
                    'cancel',
                    k('cancelEnd'),
                    t('payment.admin.insights.customer.cancelEndText', {
                      date: formatDate(s.current_period_end, i18n.language),
                    }),
                    { at_period_end: true },
                  )}
              {s.status === 'paused'
                ? action(s, 'unpause', k('unpause'), k('unpauseText'))
                : action(s, 'pause', k('pause'), k('pauseText'))}
            </>
          ) : null}
          <RefundLastPayment subscriptionId={s.id} />
        </Stack>
      ),
    },
  ];
  return (
    <Section title={k('subscriptions')} testId="customer-subscriptions">
      <AdminTable
        testId="customer-subscriptions-table"
        label={k('subscriptions')}
        columns={columns}
        rows={list.data?.data ?? []}
        loading={list.isLoading}
        error={list.error}
        empty={k('noSubscriptions')}
      />
    </Section>
  );
}

/** The customer's invoices with void and mark uncollectible for open ones. */
export function CustomerInvoices({
  customerId,
  currencies,
}: {
  customerId: string;
  currencies: PaymentCurrency[];
}) {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const list = useQuery({
    queryKey: adminKey('invoices', admin.livemode, 'customer', customerId),
    queryFn: ({ signal }) =>
      admin.call(billingRoutes.invoices, { query: { customer_id: customerId, pageSize: 50 } }, signal),
  });
  const k = customerText(t);
  const currencyOf = (id: string) => currencies.find((c) => c.id === id);
  const act = (inv: InvoiceListItem, verb: 'void' | 'mark-uncollectible') => {
    const key = verb === 'void' ? 'void' : 'uncollectible';
    const textKey = verb === 'void' ? 'voidText' : 'uncollectibleText';
    return (
      <ConfirmButton
        key={verb}
        label={k(key)}
        color={verb === 'void' ? 'error' : 'warning'}
        title={`${k(key)}: ${inv.number ?? inv.id}`}
        text={t(`payment.admin.insights.customer.${textKey}`, { number: inv.number ?? inv.id })}
        done={k('done')}
        call={routeCall(
          verb === 'void' ? billingWriteRoutes.voidInvoice : billingWriteRoutes.markInvoiceUncollectible,
          { id: inv.id },
          {},
        )}
        resources={RESOURCES}
        testId={`invoice-${verb}-${inv.id}`}
      />
    );
  };
  const columns: Array<Column<InvoiceListItem>> = [
    { key: 'number', label: k('number'), render: (i) => i.number ?? i.id },
    { key: 'status', label: k('status'), render: (i) => <StatusChip status={i.status} /> },
    {
      key: 'total',
      label: t('payment.admin.insights.overview.amount'),
      align: 'right',
      render: (i) => moneyText(i.total, i.paymentCurrency ?? currencyOf(i.currency_id)),
    },
    { key: 'created', label: k('created'), render: (i) => formatDate(i.created_at, i18n.language) },
    {
      key: 'actions',
      label: k('actions'),
      render: (i) =>
        i.status === 'open' ? (
          <Stack direction="row" spacing={0.5}>
            {act(i, 'void')}
            {act(i, 'mark-uncollectible')}
          </Stack>
        ) : i.status === 'uncollectible' ? (
          act(i, 'void')
        ) : null,
    },
  ];
  return (
    <Section title={k('invoices')} testId="customer-invoices">
      <AdminTable
        testId="customer-invoices-table"
        label={k('invoices')}
        columns={columns}
        rows={list.data?.list ?? []}
        loading={list.isLoading}
        error={list.error}
        empty={k('noInvoices')}
      />
    </Section>
  );
}
