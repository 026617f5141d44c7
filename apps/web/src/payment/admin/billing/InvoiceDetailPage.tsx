import { CustomerName } from '../names/CustomerName';
import { Alert, Link, Stack, Typography } from '@mui/material';
import {
  billingWriteRoutes as writes,
  lineProductName,
  type Invoice,
  type InvoiceLine,
  billingRoutes,
} from '@payshelf/api';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useAdmin } from '../AdminContext';
import { useAdminObject } from '../api/hooks';
import { routeCall } from '../api/routeCall';
import { AdminPage } from '../layout/AdminPage';
import { ConfirmButton } from '../layout/ConfirmButton';
import { formatDate } from '../layout/formatDate';
import { AdminTable, type Column } from '../table/AdminTable';
import { SectionTitle, StatusChip, useMoney } from './BillingBits';
import { invoiceActions, shortHash } from './billingView';
import { BackLink, Facts } from './DetailBits';
import { PaymentsTable } from './PaymentTables';

type Attempt = Invoice['attempts'][number] & { id: string };
const RESOURCES = ['invoices', 'subscriptions', 'payment-intents'] as const;

function InvoiceActions({ inv }: { inv: Invoice }) {
  const { t } = useTranslation();
  const id = { id: inv.id };
  const actions = invoiceActions(inv);
  const common = { resources: RESOURCES };
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }} data-testid="invoice-actions">
      {actions.includes('pay') ? (
        <ConfirmButton
          {...common}
          label={t('payment.admin.billing.invoices.pay')}
          color="warning"
          title={t('payment.admin.billing.invoices.payTitle')}
          text={t('payment.admin.billing.invoices.payText')}
          done={t('payment.admin.billing.invoices.payDone')}
          call={routeCall(writes.payInvoice, id, {})}
          testId="invoice-pay"
        />
      ) : null}
      {actions.includes('markPaid') ? (
        <ConfirmButton
          {...common}
          label={t('payment.admin.billing.invoices.markPaid')}
          color="warning"
          title={t('payment.admin.billing.invoices.markPaidTitle')}
          text={t('payment.admin.billing.invoices.markPaidText')}
          done={t('payment.admin.billing.invoices.markPaidDone')}
          call={routeCall(writes.payInvoice, id, { paid_out_of_band: true })}
          testId="invoice-mark-paid"
          confirmTestId="invoice-mark-paid-confirm"
        />
      ) : null}
      {actions.includes('uncollectible') ? (
        <ConfirmButton
          {...common}
          label={t('payment.admin.billing.invoices.uncollectible')}
          color="warning"
          title={t('payment.admin.billing.invoices.uncollectibleTitle')}
          text={t('payment.admin.billing.invoices.uncollectibleText')}
          done={t('payment.admin.billing.invoices.uncollectibleDone')}
          call={routeCall(writes.markInvoiceUncollectible, id, {})}
          testId="invoice-uncollectible"
        />
      ) : null}
      {actions.includes('void') ? (
        <ConfirmButton
          {...common}
          label={t('payment.admin.billing.invoices.void')}
          color="error"
          title={t('payment.admin.billing.invoices.voidTitle')}
          text={t('payment.admin.billing.invoices.voidText')}
          done={t('payment.admin.billing.invoices.voidDone')}
          call={routeCall(writes.voidInvoice, id, {})}
          testId="invoice-void"
        />
      ) : null}
    </Stack>
  );
}

/** `{mount}/admin/invoices/:id`: amounts, lines, payments, collection attempts and the actions. */
export function InvoiceDetailPage() {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const money = useMoney();
  const { id } = useParams();
  const one = useAdminObject(billingRoutes.invoice, id);
  const inv = one.data;
  const date = (iso: string | null) => (iso ? formatDate(iso, i18n.language) : '—');
  const lineColumns: Column<InvoiceLine>[] = [
    {
      key: 'desc',
      label: t('payment.admin.billing.invoices.description'),
      render: (l) => {
        const product = lineProductName(l, i18n.language);
        if (!l.proration) return l.description ?? product ?? l.price_id ?? '—';
        // A proration credits the unused time of the old price (negative) and charges the rest of the
        // new one; the engine's English description is replaced by those words in the admin's language.
        const part = l.amount.startsWith('-') ? 'unusedTime' : 'remainingTime';
        return `${product ?? l.price_id ?? '—'}: ${t(`payment.admin.billing.invoices.${part}`)} (${t('payment.admin.billing.invoices.proration')})`;
      },
    },
    {
      key: 'qty',
      label: t('payment.admin.billing.subscriptions.quantity'),
      align: 'right',
      render: (l) => l.quantity,
    },
    {
      key: 'amount',
      label: t('payment.admin.billing.amount'),
      align: 'right',
      render: (l) => money(l.amount, inv?.currency_id ?? ''),
    },
  ];
  const attempts: Attempt[] = (inv?.attempts ?? []).map((a, i) => ({ ...a, id: `${i}` }));
  const attemptColumns: Column<Attempt>[] = [
    { key: 'at', label: t('payment.admin.billing.invoices.attemptAt'), render: (a) => date(a.at) },
    {
      key: 'outcome',
      label: t('payment.admin.billing.invoices.outcome'),
      render: (a) => t(`payment.admin.billing.invoices.outcomes.${a.outcome}`),
    },
    {
      key: 'detail',
      label: t('payment.admin.billing.tx'),
      render: (a) => (a.tx_hash ? <code>{shortHash(a.tx_hash)}</code> : (a.reason ?? '—')),
    },
  ];
  return (
    <AdminPage
      testId="page-admin-invoice"
      title={t('payment.admin.billing.invoices.detailTitle', { number: inv?.number ?? inv?.id ?? '' })}
    >
      <BackLink to={admin.page('invoices')} />
      {one.error ? <Alert severity="error">{one.error.message}</Alert> : null}
      {inv ? (
        <Stack spacing={1}>
          <Facts
            testId="invoice-facts"
            rows={[
              [t('payment.admin.common.status'), <StatusChip key="s" status={inv.status} />],
              [t('payment.admin.billing.total'), money(inv.total, inv.currency_id)],
              [t('payment.admin.billing.paid'), money(inv.amount_paid, inv.currency_id)],
              [t('payment.admin.billing.remaining'), money(inv.amount_remaining, inv.currency_id)],
              [t('payment.admin.billing.customer'), <CustomerName key="c" id={inv.customer_id} />],
              // What the buyer typed at checkout for this invoice (it may differ from the customer record).
              ...(inv.customer_details
                ? [
                    [
                      t('payment.admin.billing.billTo'),
                      [inv.customer_details.name, inv.customer_details.email, inv.customer_details.phone]
                        .filter(Boolean)
                        .join(' · ') || '—',
                    ] satisfies [string, ReactNode],
                  ]
                : []),
              [
                t('payment.admin.billing.subscriptionId'),
                inv.subscription_id ? (
                  <Link
                    key="sub"
                    component={RouterLink}
                    to={admin.page(`subscriptions/${inv.subscription_id}`)}
                  >
                    <code>{inv.subscription_id}</code>
                  </Link>
                ) : (
                  '—'
                ),
              ],
              [t('payment.admin.billing.invoices.reason'), <code key="r">{inv.billing_reason}</code>],
              [
                t('payment.admin.billing.period'),
                inv.period_start
                  ? t('payment.admin.billing.periodRange', {
                      start: date(inv.period_start),
                      end: date(inv.period_end),
                    })
                  : '—',
              ],
              [t('payment.admin.billing.invoices.due'), date(inv.due_date)],
              [t('payment.admin.common.created'), date(inv.created_at)],
            ]}
          />
          <InvoiceActions inv={inv} />
          <SectionTitle>{t('payment.admin.billing.invoices.lines')}</SectionTitle>
          <AdminTable
            testId="invoice-lines"
            label={t('payment.admin.billing.invoices.lines')}
            columns={lineColumns}
            rows={inv.lines}
            loading={false}
            error={null}
            empty="—"
          />
          <SectionTitle>{t('payment.admin.billing.invoices.payments')}</SectionTitle>
          <PaymentsTable filters={{ invoice_id: inv.id }} testId="invoice-payments" />
          <SectionTitle>{t('payment.admin.billing.invoices.attempts')}</SectionTitle>
          {inv.next_payment_attempt ? (
            <Typography variant="body2">
              {t('payment.admin.billing.invoices.nextAttempt', { date: date(inv.next_payment_attempt) })}
            </Typography>
          ) : null}
          <AdminTable
            testId="invoice-attempts"
            label={t('payment.admin.billing.invoices.attempts')}
            columns={attemptColumns}
            rows={attempts}
            loading={false}
            error={null}
            empty={t('payment.admin.billing.invoices.attemptsEmpty')}
          />
        </Stack>
      ) : null}
    </AdminPage>
  );
}
