import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `{mount}/admin/customers/:id`: the admin view of one customer. */
export function AdminCustomerPage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-admin-customer" title={t('payment.adminCustomer.title')}>
      <EmptyState
        icon={<PersonSearchOutlined />}
        title={t('payment.adminCustomer.notFoundTitle')}
        description={t('payment.adminCustomer.notFoundDescription')}
      />
    </PageSection>
  );
}
