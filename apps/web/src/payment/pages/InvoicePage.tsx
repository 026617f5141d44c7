import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DEFAULT_APP_CONFIG } from '../../platform/config/appConfig';
import { useAppConfig } from '../../platform/config/useAppConfig';
import { InvoiceView } from '../portal/components/InvoiceView';
import { PortalGate } from '../portal/components/PortalGate';
import { PortalSection } from '../portal/components/PortalSection';
import { InvoiceActions } from '../portal/pay/InvoiceActions';
import { invoiceLabel } from '../portal/logic/invoiceView';
import { useInvoice } from '../portal/usePortalDetail';

/** `{mount}/customer/invoice/:id`: one invoice of the signed-in customer. */
export function InvoicePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const mountPoint = (useAppConfig() ?? DEFAULT_APP_CONFIG).paymentMountPoint;
  const load = useInvoice(id);
  const title =
    load.state === 'ready'
      ? t('payment.portal.invoice.titleWithNumber', { number: invoiceLabel(load.data) })
      : t('payment.invoice.title');
  return (
    <PortalSection testId="page-invoice" title={title}>
      <PortalGate load={load} kind="invoice" icon={<ReceiptLongOutlined />}>
        {(invoice) => (
          <>
            <InvoiceActions invoice={invoice} mountPoint={mountPoint} />
            <InvoiceView invoice={invoice} mountPoint={mountPoint} />
          </>
        )}
      </PortalGate>
    </PortalSection>
  );
}
