import ExtensionOffOutlined from '@mui/icons-material/ExtensionOffOutlined';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `/blocklets/:did/:version?` and `/blocklet/:did`. Until the catalog is wired in: not found. */
export function ApplicationDetailPage() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-application-detail" title={t('store.detail.title')}>
      <EmptyState
        icon={<ExtensionOffOutlined />}
        title={t('store.detail.notFoundTitle')}
        description={t('store.detail.notFoundDescription')}
        action={
          <Button component={RouterLink} to="/" variant="outlined">
            {t('store.detail.back')}
          </Button>
        }
      />
    </PageSection>
  );
}
