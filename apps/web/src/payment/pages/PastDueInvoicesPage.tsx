import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeReturnPath } from '../../platform/url/safeReturnPath';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';

/** `{mount}/customer/invoice/past-due?referer=`: the customer's overdue invoices, paid in bulk. */
export function PastDueInvoicesPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  // The referer may be a page of another component on this site, so it is a full navigation.
  const backTo = safeReturnPath(searchParams.get('referer'), window.location.origin);

  return (
    <PageSection testId="page-past-due-invoices" title={t('payment.pastDue.title')}>
      <EmptyState
        icon={<TaskAltOutlined />}
        title={t('payment.pastDue.emptyTitle')}
        description={t('payment.pastDue.emptyDescription')}
        action={
          backTo ? (
            <Button href={backTo} variant="outlined" startIcon={<ArrowBackOutlined />}>
              {t('payment.back')}
            </Button>
          ) : undefined
        }
      />
    </PageSection>
  );
}
