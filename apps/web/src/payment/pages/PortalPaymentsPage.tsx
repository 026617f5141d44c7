import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PortalSection } from '../portal/components/PortalSection';
import { PaymentsSection, RefundsSection } from '../portal/history/PaymentHistory';

/** `{mount}/customer/payments`: the signed-in customer's payments and refunds, each paged. */
export function PortalPaymentsPage() {
  const { t } = useTranslation();
  return (
    <PortalSection testId="page-portal-payments" title={t('payment.portalPay.payments.title')}>
      <PaymentsSection />
      <Typography component="h2" variant="h6" sx={{ mt: 4 }}>
        {t('payment.portalPay.refunds.title')}
      </Typography>
      <RefundsSection />
    </PortalSection>
  );
}
