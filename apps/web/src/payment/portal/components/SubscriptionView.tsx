import { Chip, Link, Stack } from '@mui/material';
import type { SubscriptionDetail } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../admin/layout/formatDate';
import { money } from '../../checkout/logic/format';
import { atMountPoint } from '../../paths';
import { invoiceLabel } from '../logic/invoiceView';
import {
  endDate,
  nextPayment,
  planItems,
  subscriptionStatusColor,
  trialLeft,
} from '../logic/subscriptionView';
import { DetailList, type DetailRow } from './DetailList';
import { PortalCard } from './PortalCard';
import { SubscriptionItems } from './SubscriptionItems';

interface SubscriptionViewProps {
  subscription: SubscriptionDetail;
  mountPoint: string;
  /** Epoch seconds the trial's remaining time is counted from. */
  nowSeconds: number;
}

/** One subscription: status, plan, periods, trial, next payment, method and latest invoice. */
export function SubscriptionView({ subscription: sub, mountPoint, nowSeconds }: SubscriptionViewProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const date = (iso: string) => formatDate(iso, locale);
  const currency = sub.paymentCurrency;
  const next = nextPayment(sub);
  const nextAmount = next && next.amount !== null && currency ? money(next.amount, currency, locale) : null;
  const rows: DetailRow[] = [
    {
      id: 'current-period',
      label: t('payment.portal.subscription.currentPeriod'),
      value: t('payment.portal.invoice.periodRange', {
        start: date(sub.current_period_start),
        end: date(sub.current_period_end),
      }),
    },
  ];
  if (sub.trial_end) {
    const left = trialLeft(sub.trial_end, nowSeconds);
    rows.push({
      id: 'trial-end',
      label: t('payment.portal.subscription.trialEnd'),
      value: left
        ? t(`payment.portal.subscription.trialLeft.${left.unit}`, {
            date: date(sub.trial_end),
            count: left.count,
          })
        : t('payment.portal.subscription.trialEnded', { date: date(sub.trial_end) }),
    });
  }
  rows.push({
    id: 'next-payment',
    label: t('payment.portal.subscription.nextPayment'),
    value: !next
      ? t('payment.portal.subscription.noNextPayment')
      : nextAmount
        ? t('payment.portal.subscription.nextPaymentValue', { amount: nextAmount, date: date(next.date) })
        : date(next.date),
  });
  const ends = endDate(sub);
  if (ends) rows.push({ id: 'ends', label: t('payment.portal.subscription.ends'), value: date(ends) });
  rows.push(
    { id: 'started', label: t('payment.portal.subscription.started'), value: date(sub.start_date) },
    {
      id: 'method',
      label: t('payment.portal.subscription.method'),
      value: sub.paymentMethod?.name ?? t('payment.portal.notAvailable'),
    },
    {
      id: 'currency',
      label: t('payment.portal.subscription.currency'),
      value: currency?.symbol ?? t('payment.portal.notAvailable'),
    },
  );
  const latest = sub.latestInvoice;
  if (latest) {
    rows.push({
      id: 'latest-invoice',
      label: t('payment.portal.subscription.latestInvoice'),
      value: (
        <Link
          component={RouterLink}
          to={atMountPoint(mountPoint, `customer/invoice/${latest.id}`)}
          data-testid="latest-invoice-link"
        >
          {t('payment.portal.subscription.viewInvoice', { number: invoiceLabel(latest) })}
        </Link>
      ),
    });
  }

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
        <Chip
          data-testid="subscription-status"
          color={subscriptionStatusColor(sub.status)}
          label={t(`payment.portal.subscription.status.${sub.status}`)}
        />
      </Stack>
      <PortalCard title={t('payment.portal.subscription.plan')} testId="subscription-plan">
        <SubscriptionItems items={planItems(sub, locale)} currency={currency} locale={locale} />
      </PortalCard>
      <PortalCard title={t('payment.subscription.title')} testId="subscription-summary">
        <DetailList rows={rows} />
      </PortalCard>
    </>
  );
}
