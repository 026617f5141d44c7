import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PaymentOutlined from '@mui/icons-material/PaymentOutlined';
import { Button, Stack } from '@mui/material';
import type { InvoiceDetail } from '@payshelf/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchInvoice } from '../api';
import { invoicePdfUrl } from './payApi';
import { PayWalletDialog } from './PayWalletDialog';
import { usePayBatch } from './usePayBatch';

/** SPEC §4: an open invoice, and an uncollectible one (reconnect/pay), can still be paid. */
export const isPayable = (invoice: Pick<InvoiceDetail, 'status' | 'amount_remaining'>) =>
  (invoice.status === 'open' || invoice.status === 'uncollectible') && BigInt(invoice.amount_remaining) > 0n;

/** The invoice page's actions: Pay (through the wallet, one transfer) and Download PDF. */
export function InvoiceActions({ invoice, mountPoint }: { invoice: InvoiceDetail; mountPoint: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const queryClient = useQueryClient();
  const livemode = invoice.livemode;
  const isPaid = useCallback(
    () => fetchInvoice(mountPoint, invoice.id, livemode).then((i) => i.status === 'paid'),
    [mountPoint, invoice.id, livemode],
  );
  const onPaid = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['payment', 'portal'] }),
    [queryClient],
  );
  const pay = usePayBatch(mountPoint, livemode, isPaid, onPaid);
  const busy = pay.state.kind === 'opening' || pay.state.kind === 'sending' || pay.state.kind === 'paying';
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
      {isPayable(invoice) ? (
        <Button
          variant="contained"
          startIcon={<PaymentOutlined />}
          disabled={busy}
          data-testid="invoice-pay"
          onClick={() =>
            pay.start({
              currencyId: invoice.currency_id,
              customerId: invoice.customer_id,
              invoiceId: invoice.id,
            })
          }
        >
          {t('payment.portalPay.payInvoice')}
        </Button>
      ) : null}
      <Button
        variant="outlined"
        startIcon={<DownloadOutlined />}
        href={invoicePdfUrl(mountPoint, invoice.id, livemode, i18n.language)}
        download
        data-testid="invoice-pdf"
      >
        {t('payment.portalPay.downloadPdf')}
      </Button>
      <PayWalletDialog pay={pay} currency={invoice.paymentCurrency} locale={locale} />
    </Stack>
  );
}
