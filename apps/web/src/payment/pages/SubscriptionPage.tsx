import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `{mount}/customer/subscription/:id`: one subscription of the customer portal. */
export function SubscriptionPage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-subscription" title={t('payment.subscription.title')}>
      <EmptyState
        icon={<AutorenewOutlined />}
        title={t('payment.subscription.notFoundTitle')}
        description={t('payment.subscription.notFoundDescription')}
      />
    </PageSection>
  );
}
