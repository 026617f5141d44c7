import { CustomerName } from '../names/CustomerName';
import { Alert, Stack } from '@mui/material';
import { localizedProduct, type SubscriptionItem, billingRoutes } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAdmin } from '../AdminContext';
import { useAdminObject } from '../api/hooks';
import { AdminPage } from '../layout/AdminPage';
import { formatDate } from '../layout/formatDate';
import { AdminTable, type Column } from '../table/AdminTable';
import { SectionTitle, StatusChip, useMoney } from './BillingBits';
import { BackLink, Facts } from './DetailBits';
import { SubscriptionActions } from './SubscriptionActions';
import { SubscriptionInvoices, Timeline, UpcomingInvoice } from './SubscriptionSections';

/** `{mount}/admin/subscriptions/:id`: customer, items, period, actions, upcoming invoice, timeline, invoices. */
export function SubscriptionDetailPage() {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const money = useMoney();
  const { id } = useParams();
  const one = useAdminObject(billingRoutes.subscription, id);
  const sub = one.data;
  const date = (iso: string | null) => (iso ? formatDate(iso, i18n.language) : '—');
  const itemColumns: Column<SubscriptionItem>[] = [
    {
      key: 'product',
      label: t('payment.admin.billing.subscriptions.product'),
      render: (i) =>
        i.price?.product ? localizedProduct(i.price.product, i18n.language).name : <code>{i.price_id}</code>,
    },
    {
      key: 'price',
      label: t('payment.admin.billing.amount'),
      align: 'right',
      render: (i) => money(i.price?.unit_amount ?? null, sub?.currency_id ?? ''),
    },
    {
      key: 'qty',
      label: t('payment.admin.billing.subscriptions.quantity'),
      align: 'right',
      render: (i) => i.quantity,
    },
  ];
  return (
    <AdminPage
      testId="page-admin-subscription"
      title={
        sub
          ? `${t('payment.admin.billing.subscriptions.detailTitle')} ${sub.id}`
          : t('payment.admin.billing.subscriptions.detailTitle')
      }
    >
      <BackLink to={admin.page('subscriptions')} />
      {one.error ? <Alert severity="error">{one.error.message}</Alert> : null}
      {sub ? (
        <Stack spacing={1}>
          <Facts
            testId="subscription-facts"
            rows={[
              [t('payment.admin.common.status'), <StatusChip key="s" status={sub.status} />],
              [t('payment.admin.billing.customer'), <CustomerName key="c" id={sub.customer_id} />],
              [
                t('payment.admin.billing.period'),
                t('payment.admin.billing.periodRange', {
                  start: date(sub.current_period_start),
                  end: date(sub.current_period_end),
                }),
              ],
              [
                t('payment.admin.billing.subscriptions.collection'),
                t(`payment.admin.billing.subscriptions.${sub.collection_method}`),
              ],
              [t('payment.admin.billing.currency'), sub.paymentCurrency?.symbol ?? sub.currency_id],
              ...(sub.cancel_at_period_end
                ? [
                    [
                      t('payment.admin.common.status'),
                      t('payment.admin.billing.subscriptions.cancelsAt', {
                        date: date(sub.current_period_end),
                      }),
                    ] as [string, string],
                  ]
                : []),
              ...(sub.cancelation_details?.feedback
                ? [
                    [
                      t('payment.admin.billing.subscriptions.feedback'),
                      t(`payment.admin.billing.feedback.${sub.cancelation_details.feedback}`, {
                        defaultValue: sub.cancelation_details.feedback,
                      }),
                    ] as [string, string],
                  ]
                : []),
              ...(sub.cancelation_details?.comment
                ? [
                    [t('payment.admin.billing.subscriptions.comment'), sub.cancelation_details.comment] as [
                      string,
                      string,
                    ],
                  ]
                : []),
              [t('payment.admin.common.created'), date(sub.created_at)],
            ]}
          />
          <SectionTitle>{t('payment.admin.billing.subscriptions.actions')}</SectionTitle>
          <SubscriptionActions sub={sub} />
          <SectionTitle>{t('payment.admin.billing.subscriptions.items')}</SectionTitle>
          <AdminTable
            testId="subscription-items"
            label={t('payment.admin.billing.subscriptions.items')}
            columns={itemColumns}
            rows={sub.items}
            loading={false}
            error={null}
            empty="—"
          />
          {sub.status === 'canceled' || sub.status === 'incomplete_expired' ? null : (
            <UpcomingInvoice id={sub.id} fallbackDate={sub.current_period_end} />
          )}
          <SubscriptionInvoices id={sub.id} />
          <Timeline id={sub.id} />
        </Stack>
      ) : null}
    </AdminPage>
  );
}
