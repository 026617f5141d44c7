import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import { Link } from '@mui/material';
import type { InvoiceDetail } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { invoicePayment } from '../logic/invoiceView';
import { DetailList, type DetailRow } from './DetailList';
import { usePaidCardText } from './PaidCard';

/** Method, currency, the card or payer, and the transaction linked to its chain explorer. */
export function InvoicePaymentDetails({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const payment = invoicePayment(invoice);
  const card = usePaidCardText()(invoice.metadata.payment_details);
  const none = t('payment.portal.notAvailable');
  const tx = payment.transaction;
  const rows: DetailRow[] = [
    { id: 'method', label: t('payment.portal.invoice.method'), value: payment.methodName ?? none },
    { id: 'currency', label: t('payment.portal.invoice.currency'), value: payment.currencySymbol ?? none },
  ];
  if (card) rows.push({ id: 'card', label: t('payment.card.label'), value: card });
  if (payment.payer)
    rows.push({ id: 'payer', label: t('payment.portal.invoice.payer'), value: payment.payer });
  if (tx) {
    rows.push({
      id: 'transaction',
      label: t('payment.portal.invoice.transaction'),
      value: tx.url ? (
        <Link
          href={tx.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="transaction-link"
          aria-label={t('payment.portal.invoice.viewTransaction', { hash: tx.hash })}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}
        >
          {tx.hash}
          <OpenInNewOutlined fontSize="inherit" aria-hidden />
        </Link>
      ) : (
        tx.hash
      ),
    });
  }
  return <DetailList rows={rows} />;
}
