import { Button, Chip, Stack } from '@mui/material';
import type { InvoiceDetail } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../admin/layout/formatDate';
import { atMountPoint } from '../../paths';
import { amountText, invoiceStatusColor, isStruckThrough } from '../logic/invoiceView';
import { DetailList, type DetailRow } from './DetailList';
import { InvoiceAdjustments } from './InvoiceAdjustments';
import { InvoiceAmount } from './InvoiceAmount';
import { InvoiceLines } from './InvoiceLines';
import { InvoicePaymentDetails } from './InvoicePaymentDetails';
import { PortalCard } from './PortalCard';

interface InvoiceViewProps {
  invoice: InvoiceDetail;
  mountPoint: string;
}

/** One invoice: status, billing reason, amounts, dates, lines, payment and its subscription. */
export function InvoiceView({ invoice, mountPoint }: InvoiceViewProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const struck = isStruckThrough(invoice.status);
  const amount = (units: string) => (
    <InvoiceAmount text={amountText(units, invoice.paymentCurrency, locale)} struck={struck} />
  );
  const rows: DetailRow[] = [
    {
      id: 'billing-reason',
      label: t('payment.portal.invoice.billingReason'),
      value: t(`payment.portal.billingReasons.${invoice.billing_reason}`),
    },
    { id: 'total', label: t('payment.portal.invoice.total'), value: amount(invoice.total) },
    { id: 'amount-paid', label: t('payment.portal.invoice.amountPaid'), value: amount(invoice.amount_paid) },
    {
      id: 'amount-remaining',
      label: t('payment.portal.invoice.amountRemaining'),
      value: amount(invoice.amount_remaining),
    },
    {
      id: 'created',
      label: t('payment.portal.invoice.created'),
      value: formatDate(invoice.created_at, locale),
    },
  ];
  if (invoice.period_start && invoice.period_end) {
    rows.push({
      id: 'period',
      label: t('payment.portal.invoice.period'),
      value: t('payment.portal.invoice.periodRange', {
        start: formatDate(invoice.period_start, locale),
        end: formatDate(invoice.period_end, locale),
      }),
    });
  }
  if (invoice.description) {
    rows.push({
      id: 'description',
      label: t('payment.portal.invoice.description'),
      value: invoice.description,
    });
  }

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip
          data-testid="invoice-status"
          color={invoiceStatusColor(invoice.status)}
          label={t(`payment.portal.invoice.status.${invoice.status}`)}
        />
        {invoice.subscription_id ? (
          <Button
            component={RouterLink}
            to={atMountPoint(mountPoint, `customer/subscription/${invoice.subscription_id}`)}
            variant="outlined"
            size="small"
            data-testid="invoice-subscription-link"
          >
            {t('payment.portal.invoice.viewSubscription')}
          </Button>
        ) : null}
      </Stack>
      <PortalCard title={t('payment.invoice.title')} testId="invoice-summary">
        <DetailList rows={rows} />
      </PortalCard>
      <PortalCard title={t('payment.portal.invoice.lines')} testId="invoice-lines-card">
        <InvoiceLines invoice={invoice} locale={locale} />
        <InvoiceAdjustments invoice={invoice} locale={locale} />
      </PortalCard>
      <PortalCard title={t('payment.portal.invoice.payment')} testId="invoice-payment">
        <InvoicePaymentDetails invoice={invoice} />
      </PortalCard>
    </>
  );
}
