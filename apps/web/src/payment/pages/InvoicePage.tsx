import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `{mount}/customer/invoice/:id`: one invoice of the customer portal. */
export function InvoicePage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-invoice" title={t('payment.invoice.title')}>
      <EmptyState
        icon={<ReceiptLongOutlined />}
        title={t('payment.invoice.notFoundTitle')}
        description={t('payment.invoice.notFoundDescription')}
      />
    </PageSection>
  );
}
