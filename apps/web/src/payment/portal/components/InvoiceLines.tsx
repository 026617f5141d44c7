import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { InvoiceDetail } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { amountText, lineName } from '../logic/invoiceView';

/** The invoice's lines: product, quantity, amount (scrolls sideways on narrow screens). */
export function InvoiceLines({ invoice, locale }: { invoice: InvoiceDetail; locale: string }) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('payment.portal.invoice.lines')} data-testid="invoice-lines">
        <TableHead>
          <TableRow>
            <TableCell>{t('payment.portal.invoice.product')}</TableCell>
            <TableCell align="right">{t('payment.portal.invoice.quantity')}</TableCell>
            <TableCell align="right">{t('payment.portal.invoice.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoice.lines.map((line) => (
            <TableRow key={line.id} data-testid="invoice-line">
              <TableCell>
                {lineName(line, locale)}
                {line.proration ? (
                  <Typography variant="body2" component="span" sx={{ color: 'text.secondary', ml: 1 }}>
                    {t('payment.portal.invoice.proration')}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {amountText(line.amount, invoice.paymentCurrency, locale)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
