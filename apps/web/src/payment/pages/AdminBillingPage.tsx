import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `{mount}/admin/billing/:meterId`: usage and credit consumption of one meter. */
export function AdminBillingPage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-admin-billing" title={t('payment.adminBilling.title')}>
      <EmptyState
        icon={<QueryStatsOutlined />}
        title={t('payment.adminBilling.emptyTitle')}
        description={t('payment.adminBilling.emptyDescription')}
      />
    </PageSection>
  );
}
