import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `{mount}/checkout/pay/:id`: pays one checkout session (`cs_...`). */
export function CheckoutSessionPage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-checkout-session" title={t('payment.checkout.title')}>
      <EmptyState
        icon={<ShoppingCartOutlined />}
        title={t('payment.checkout.emptyTitle')}
        description={t('payment.checkout.sessionDescription')}
      />
    </PageSection>
  );
}
