import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `{mount}/checkout/link/:id`: starts a checkout from a payment link (`plink_...`). */
export function PaymentLinkPage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-payment-link" title={t('payment.checkout.title')}>
      <EmptyState
        icon={<LinkOffOutlined />}
        title={t('payment.checkout.emptyTitle')}
        description={t('payment.checkout.linkDescription')}
      />
    </PageSection>
  );
}
