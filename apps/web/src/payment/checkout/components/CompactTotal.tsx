import type { PaymentCurrency } from '@payshelf/api';
import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { money } from '../logic/format';

interface CompactTotalProps {
  total: bigint | null;
  currency: Pick<PaymentCurrency, 'decimal' | 'symbol' | 'maximum_precision'>;
  locale: string;
}

/** The total due today above the form when the summary is removed (minimal mode, hidden summary). */
export function CompactTotal({ total, currency, locale }: CompactTotalProps) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      data-testid="checkout-compact-total"
      sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 2 }}
    >
      <Typography sx={{ fontWeight: 600 }}>{t('payment.checkout.total')}</Typography>
      <Typography data-testid="checkout-total" sx={{ fontWeight: 600, fontSize: '1.25rem' }}>
        {total === null ? t('payment.checkout.notConfigured') : money(total, currency, locale)}
      </Typography>
    </Stack>
  );
}
