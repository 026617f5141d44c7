import { Button, Chip, Link, Stack, Typography } from '@mui/material';
import type { PaymentMethod } from '@payshelf/api';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../admin/layout/formatDate';
import { usePaidCardText } from '../components/PaidCard';
import { transactionLink } from '../logic/explorer';

export interface HistoryRow {
  id: string;
  created_at: string;
  amount: string;
  status: ReactNode;
  detail: string | null;
  paymentDetails: unknown;
  method: PaymentMethod | null;
}

/** One row per payment or refund, readable at 375 px (a card per row): date, amount, status, tx link. */
export function HistoryList({ rows, testId }: { rows: HistoryRow[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const cardText = usePaidCardText();
  return (
    <Stack spacing={1} sx={{ mt: 2 }} data-testid={testId}>
      {rows.map((row) => {
        const tx = transactionLink(row.paymentDetails, row.method);
        const card = cardText(row.paymentDetails);
        return (
          <Stack
            key={row.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{
              p: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              justifyContent: 'space-between',
            }}
            data-testid={`${testId}-row`}
          >
            <Stack sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{row.amount}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDate(row.created_at, i18n.language)}
                {row.method ? ` · ${row.method.name}` : ''}
                {card ? ` · ${card}` : ''}
                {row.detail ? ` · ${row.detail}` : ''}
              </Typography>
              {tx ? (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {t('payment.portalPay.payments.transaction')}:{' '}
                  {tx.url ? (
                    <Link href={tx.url} target="_blank" rel="noopener noreferrer">
                      {tx.hash}
                    </Link>
                  ) : (
                    tx.hash
                  )}
                </Typography>
              ) : null}
            </Stack>
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              {row.status}
            </Stack>
          </Stack>
        );
      })}
    </Stack>
  );
}

/** Previous / next with "Page n of m" (SPEC §9 page size 10, 5 on small screens). */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('payment.portalPay.pager.previous')}
      </Button>
      <Typography variant="body2" role="status">
        {t('payment.portalPay.pager.page', { page, pages })}
      </Typography>
      <Button size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('payment.portalPay.pager.next')}
      </Button>
    </Stack>
  );
}

export const statusChip = (label: string, ok: boolean) => (
  <Chip size="small" color={ok ? 'success' : 'default'} label={label} />
);
