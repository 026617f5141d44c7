import { Stack, Typography } from '@mui/material';
import type { InvoiceDetail } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { AdjustmentLines } from '../../checkout/discount/AdjustmentLines';
import { breakdownLines } from '../../checkout/logic/adjustments';
import { amountText } from '../logic/invoiceView';

/**
 * Below an invoice's lines, as the checkout summary shows them: subtotal, the discount (name, code,
 * minus its amount), each tax (name, percentage, included or added) and the total, all the server's
 * exact amounts. Nothing when the invoice has neither discount nor tax.
 */
export function InvoiceAdjustments({ invoice, locale }: { invoice: InvoiceDetail; locale: string }) {
  const { t } = useTranslation();
  const { discounts, taxes } = breakdownLines(invoice.total_breakdown);
  if (discounts.length === 0 && taxes.length === 0) return null;
  const format = (units: bigint) => amountText(units.toString(), invoice.paymentCurrency, locale);
  return (
    <Stack data-testid="invoice-adjustments" sx={{ px: 2, pb: 1 }}>
      <AdjustmentLines
        subtotal={BigInt(invoice.subtotal)}
        discounts={discounts}
        taxes={taxes}
        format={format}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{t('payment.portal.invoice.total')}</Typography>
        <Typography data-testid="invoice-adjusted-total" sx={{ fontWeight: 600 }}>
          {format(BigInt(invoice.total))}
        </Typography>
      </Stack>
    </Stack>
  );
}
