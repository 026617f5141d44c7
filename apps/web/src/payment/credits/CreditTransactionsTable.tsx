import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { CreditTransaction } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../admin/layout/formatDate';
import { atMountPoint } from '../paths';
import { amountText } from '../portal/logic/invoiceView';

interface CreditTransactionsTableProps {
  transactions: CreditTransaction[];
  mountPoint: string;
  /** Owners and admins also see the meter event of each use, linked to the admin meter page. */
  showMeterEvent: boolean;
  /** Hidden on a grant's own page, where every row is of that grant. */
  showGrant?: boolean;
}

/** Credit transactions newest first: when, which grant, how much credit, what the grant had left. */
export function CreditTransactionsTable({
  transactions,
  mountPoint,
  showMeterEvent,
  showGrant = true,
}: CreditTransactionsTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const to = (path: string) => atMountPoint(mountPoint, path);
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('payment.credits.transactions')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('payment.credits.column.date')}</TableCell>
            {showGrant ? <TableCell>{t('payment.credits.column.grant')}</TableCell> : null}
            <TableCell>{t('payment.credits.column.description')}</TableCell>
            <TableCell>{t('payment.credits.column.meter')}</TableCell>
            {showMeterEvent ? <TableCell>{t('payment.credits.column.meterEvent')}</TableCell> : null}
            <TableCell align="right">{t('payment.credits.column.amount')}</TableCell>
            <TableCell align="right">{t('payment.credits.column.balance')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {transactions.map((tx) => (
            <TableRow key={tx.id} data-testid="credit-transaction-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(tx.created_at, locale)}</TableCell>
              {showGrant ? (
                <TableCell>
                  <Link component={RouterLink} to={to(`customer/credit-grant/${tx.credit_grant_id}`)}>
                    {tx.credit_grant.name ?? tx.credit_grant_id}
                  </Link>
                </TableCell>
              ) : null}
              <TableCell>
                {tx.description ?? t(`payment.credits.source.${tx.source}`, { defaultValue: tx.source })}
              </TableCell>
              <TableCell>{tx.meter ? `${tx.meter.event_name} (${tx.meter.unit})` : '—'}</TableCell>
              {showMeterEvent ? (
                <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="credit-meter-event">
                  {tx.meter && tx.meter_event_id ? (
                    <Link component={RouterLink} to={to(`admin/billing/${tx.meter.id}`)}>
                      {tx.meter_event_id}
                    </Link>
                  ) : (
                    (tx.meter_event_id ?? '—')
                  )}
                </TableCell>
              ) : null}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {amountText(tx.credit_amount, tx.paymentCurrency ?? null, locale)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {amountText(tx.remaining_balance, tx.paymentCurrency ?? null, locale)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
