import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DEFAULT_APP_CONFIG } from '../../platform/config/appConfig';
import { useAppConfig } from '../../platform/config/useAppConfig';
import { PortalGate } from '../portal/components/PortalGate';
import { PortalSection } from '../portal/components/PortalSection';
import { SubscriptionView } from '../portal/components/SubscriptionView';
import { subscriptionLabel } from '../portal/logic/subscriptionView';
import { useSubscriptionDetail } from '../portal/usePortalDetail';
import { useNowSeconds } from '../portal/useNowSeconds';
import { SubscriptionActions } from '../portal/subscription/SubscriptionActions';
import { CurrencyForm } from '../portal/subscription/CurrencyForm';

/** A test clock's frozen time in seconds (the subscription's "now"), or null on real time. */
const clockSeconds = (at: string | null | undefined) => (at ? Math.floor(Date.parse(at) / 1000) : null);

/**
 * `{mount}/customer/subscription/:id`: one subscription of the signed-in customer. A subscription on a
 * test clock counts its trial from the clock's time, not the browser's.
 */
export function SubscriptionPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const mountPoint = (useAppConfig() ?? DEFAULT_APP_CONFIG).paymentMountPoint;
  const load = useSubscriptionDetail(id);
  const now = useNowSeconds();
  const title =
    load.state === 'ready'
      ? t('payment.portal.subscription.titleWithName', { name: subscriptionLabel(load.data, i18n.language) })
      : t('payment.subscription.title');
  return (
    <PortalSection testId="page-subscription" title={title}>
      <PortalGate load={load} kind="subscription" icon={<AutorenewOutlined />}>
        {(subscription) => (
          <>
            <SubscriptionActions subscription={subscription} mountPoint={mountPoint} />
            <SubscriptionView
              subscription={subscription}
              mountPoint={mountPoint}
              nowSeconds={clockSeconds(subscription.clock_time) ?? now}
            />
            <CurrencyForm subscription={subscription} mountPoint={mountPoint} />
          </>
        )}
      </PortalGate>
    </PortalSection>
  );
}
