import { Chip, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { InvoiceListItem } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../admin/layout/formatDate';
import { atMountPoint } from '../../paths';
import { InvoiceAmount } from '../components/InvoiceAmount';
import { amountText, invoiceLabel, invoiceStatusColor, isStruckThrough } from '../logic/invoiceView';

/** Invoices as a table (scrolling sideways inside its card on a phone): number, date, status, amounts. */
export function InvoiceTable({ invoices, mountPoint }: { invoices: InvoiceListItem[]; mountPoint: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('payment.portal.lists.invoices')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('payment.portal.lists.invoice')}</TableCell>
            <TableCell>{t('payment.portal.lists.date')}</TableCell>
            <TableCell>{t('payment.portal.lists.status')}</TableCell>
            <TableCell align="right">{t('payment.portal.lists.total')}</TableCell>
            <TableCell align="right">{t('payment.portal.lists.remaining')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => (
            <TableRow key={invoice.id} data-testid="portal-invoice-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Link component={RouterLink} to={atMountPoint(mountPoint, `customer/invoice/${invoice.id}`)}>
                  {invoiceLabel(invoice)}
                </Link>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(invoice.created_at, locale)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={invoiceStatusColor(invoice.status)}
                  label={t(`payment.portal.invoice.status.${invoice.status}`)}
                />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <InvoiceAmount
                  text={amountText(invoice.total, invoice.paymentCurrency, locale)}
                  struck={isStruckThrough(invoice.status)}
                />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {amountText(invoice.amount_remaining, invoice.paymentCurrency, locale)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
