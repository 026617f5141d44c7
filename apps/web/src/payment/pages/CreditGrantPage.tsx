import TollOutlined from '@mui/icons-material/TollOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `{mount}/customer/credit-grant/:id`: one credit grant and its transactions. */
export function CreditGrantPage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-credit-grant" title={t('payment.creditGrant.title')}>
      <EmptyState
        icon={<TollOutlined />}
        title={t('payment.creditGrant.notFoundTitle')}
        description={t('payment.creditGrant.notFoundDescription')}
      />
    </PageSection>
  );
}
