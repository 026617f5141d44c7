import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `{mount}/integrations/donations`: enable and configure donations. */
export function DonationsIntegrationPage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-donations-integration" title={t('payment.donations.title')}>
      <EmptyState
        icon={<VolunteerActivismOutlined />}
        title={t('payment.donations.emptyTitle')}
        description={t('payment.donations.emptyDescription')}
      />
    </PageSection>
  );
}
