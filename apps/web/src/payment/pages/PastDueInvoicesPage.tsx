import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_APP_CONFIG } from '../../platform/config/appConfig';
import { useAppConfig } from '../../platform/config/useAppConfig';
import { safeReturnPath } from '../../platform/url/safeReturnPath';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PastDueList } from '../portal/components/PastDueList';
import { PortalGate } from '../portal/components/PortalGate';
import { PortalSection } from '../portal/components/PortalSection';
import { usePastDueInvoices } from '../portal/usePortalDetail';
import { PastDuePay } from '../portal/pay/PastDuePay';
import { readLivemode } from '../admin/livemode/livemodeStorage';

/**
 * `{mount}/customer/invoice/past-due?referer=`: the signed-in customer's past-due invoices (open or
 * uncollectible, due date passed: what refuses them a new purchase), each linking to its page.
 */
export function PastDueInvoicesPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const mountPoint = (useAppConfig() ?? DEFAULT_APP_CONFIG).paymentMountPoint;
  const load = usePastDueInvoices();
  // The referer may be a page of another component on this site, so it is a full navigation.
  const backTo = safeReturnPath(searchParams.get('referer'), window.location.origin);

  return (
    <PortalSection testId="page-past-due-invoices" title={t('payment.pastDue.title')}>
      {backTo ? (
        <Box sx={{ mt: 2 }}>
          <Button
            href={backTo}
            variant="outlined"
            startIcon={<ArrowBackOutlined />}
            data-testid="past-due-back"
          >
            {t('payment.back')}
          </Button>
        </Box>
      ) : null}
      <PortalGate load={load} kind="pastDue" icon={<ReceiptLongOutlined />}>
        {(invoices) =>
          invoices.length === 0 ? (
            <EmptyState
              icon={<TaskAltOutlined />}
              title={t('payment.pastDue.emptyTitle')}
              description={t('payment.pastDue.emptyDescription')}
            />
          ) : (
            <>
              {invoices[0] ? (
                <PastDuePay
                  customerId={invoices[0].customer_id}
                  mountPoint={mountPoint}
                  livemode={readLivemode(window.localStorage)}
                />
              ) : null}
              <PastDueList invoices={invoices} mountPoint={mountPoint} />
            </>
          )
        }
      </PortalGate>
    </PortalSection>
  );
}
