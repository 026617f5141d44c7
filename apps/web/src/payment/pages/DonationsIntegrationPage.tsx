import { DEFAULT_APP_CONFIG } from '../../platform/config/appConfig';
import { useAppConfig } from '../../platform/config/useAppConfig';
import { DonationSettingsPage } from '../admin/donations/DonationSettingsPage';

/** `{mount}/integrations/donations`: owners and admins list and configure donation settings. */
export function DonationsIntegrationPage() {
  const mountPoint = (useAppConfig() ?? DEFAULT_APP_CONFIG).paymentMountPoint;
  return <DonationSettingsPage mountPoint={mountPoint} />;
}
