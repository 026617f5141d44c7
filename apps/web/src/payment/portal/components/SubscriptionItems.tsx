import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { PaymentCurrency } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { money } from '../../checkout/logic/format';
import type { PlanItem } from '../logic/subscriptionView';

interface SubscriptionItemsProps {
  items: PlanItem[];
  currency: PaymentCurrency | null;
  locale: string;
}

/** The plan: product, quantity, and the price per period worded as at checkout ("per month"). */
export function SubscriptionItems({ items, currency, locale }: SubscriptionItemsProps) {
  const { t } = useTranslation();
  const priceText = (item: PlanItem) => {
    if (item.metered) return t('payment.portal.subscription.usageBased');
    if (item.amount === null) return t('payment.checkout.notConfigured');
    return currency ? money(item.amount, currency, locale) : item.amount.toString();
  };
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('payment.portal.subscription.plan')} data-testid="subscription-items">
        <TableHead>
          <TableRow>
            <TableCell>{t('payment.portal.subscription.product')}</TableCell>
            <TableCell align="right">{t('payment.portal.subscription.quantity')}</TableCell>
            <TableCell align="right">{t('payment.portal.subscription.price')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id} data-testid="subscription-item">
              <TableCell>{item.name}</TableCell>
              <TableCell align="right">{item.quantity}</TableCell>
              <TableCell align="right">
                <span>{priceText(item)}</span>
                {item.period ? (
                  <Typography
                    variant="body2"
                    component="span"
                    sx={{ display: 'block', color: 'text.secondary' }}
                  >
                    {t(`payment.checkout.recurring.${item.period.key}`, {
                      count: item.period.count,
                      interval: t(`payment.checkout.intervals.${item.period.interval}`),
                    })}
                  </Typography>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
