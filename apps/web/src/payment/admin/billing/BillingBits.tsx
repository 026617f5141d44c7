import { Chip, Link, Typography } from '@mui/material';
import type { PaymentCurrency } from '@payshelf/api';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyText } from '../prices/priceText';
import { useCurrencies } from '../methods/useCurrencies';
import { shortHash, statusColor, txOf } from './billingView';

/** A status as a coloured chip with its translated name. */
export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={statusColor(status)}
      label={t(`payment.admin.billing.status.${status}`, { defaultValue: status })}
      data-testid="status-chip"
    />
  );
}

/** Amounts of the current mode's currencies by id, as "12.5 TUSD". */
export function useMoney(): (units: string | null | undefined, currencyId: string) => string {
  const { currencies } = useCurrencies();
  const byId = new Map<string, PaymentCurrency>(currencies.map((c) => [c.id, c]));
  return (units, currencyId) => moneyText(units, byId.get(currencyId));
}

/** The payment's transaction: a link to the explorer when known, else the shortened hash. */
export function TxLink({ details }: { details: Record<string, unknown> | null | undefined }) {
  const { t } = useTranslation();
  const tx = txOf(details);
  if (!tx) return <>—</>;
  return tx.url ? (
    <Link
      href={tx.url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('payment.admin.billing.viewTx')}
    >
      <code>{shortHash(tx.hash)}</code>
    </Link>
  ) : (
    <code title={tx.hash}>{shortHash(tx.hash)}</code>
  );
}

/** A section heading (h2) of a detail page. */
export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h2" sx={{ fontSize: '1.25rem', mt: 3, mb: 1 }}>
      {children}
    </Typography>
  );
}
