import { Chip, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { localizedProduct, type Subscription } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../admin/layout/formatDate';
import { atMountPoint } from '../../paths';
import { subscriptionStatusColor } from '../logic/subscriptionView';

/** The first item's product name in `locale`, else the description or the id. */
export function subscriptionName(subscription: Subscription, locale: string): string {
  const product = subscription.items[0]?.price?.product;
  const name = product ? localizedProduct(product, locale).name : null;
  return name ?? subscription.description ?? subscription.id;
}

/** When the next payment falls: the period end of a live subscription that will renew, else nothing. */
export function nextPaymentAt(subscription: Subscription): string | null {
  if (subscription.cancel_at_period_end || subscription.ended_at || subscription.canceled_at) return null;
  const live = ['active', 'trialing', 'past_due'].includes(subscription.status);
  return live ? (subscription.trial_end ?? subscription.current_period_end) : null;
}

/** Subscriptions as a table: plan (linking to its page), status, next payment, start date. */
export function SubscriptionTable({
  subscriptions,
  mountPoint,
}: {
  subscriptions: Subscription[];
  mountPoint: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('payment.portal.lists.subscriptions')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('payment.portal.lists.plan')}</TableCell>
            <TableCell>{t('payment.portal.lists.status')}</TableCell>
            <TableCell>{t('payment.portal.lists.nextPayment')}</TableCell>
            <TableCell>{t('payment.portal.lists.started')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {subscriptions.map((s) => {
            const next = nextPaymentAt(s);
            return (
              <TableRow key={s.id} data-testid="portal-subscription-row">
                <TableCell>
                  <Link component={RouterLink} to={atMountPoint(mountPoint, `customer/subscription/${s.id}`)}>
                    {subscriptionName(s, locale)}
                  </Link>
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={subscriptionStatusColor(s.status)}
                    label={t(`payment.portal.subscription.status.${s.status}`)}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {next ? formatDate(next, locale) : t('payment.portal.subscription.noNextPayment')}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(s.start_date, locale)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
