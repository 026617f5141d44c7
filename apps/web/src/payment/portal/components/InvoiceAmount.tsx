import { Box, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * An invoice amount; struck through for a void invoice, with the 'no payment required' tooltip,
 * which keyboard users reach by focusing the amount.
 */
export function InvoiceAmount({ text, struck }: { text: string; struck: boolean }) {
  const { t } = useTranslation();
  if (!struck) return <span>{text}</span>;
  return (
    <Tooltip title={t('payment.portal.invoice.noPaymentRequired')} describeChild>
      <Box
        component="span"
        tabIndex={0}
        data-testid="amount-struck"
        sx={{ textDecoration: 'line-through', color: 'text.secondary' }}
      >
        {text}
      </Box>
    </Tooltip>
  );
}
