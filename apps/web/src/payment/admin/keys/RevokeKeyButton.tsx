import { instanceRoutes, type ApiKey } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { routeCall } from '../api/routeCall';
import { ConfirmButton } from '../layout/ConfirmButton';

/** Revokes a secret key after a confirmation; calls with it fail from then on. */
export function RevokeKeyButton({ item }: { item: ApiKey }) {
  const { t } = useTranslation();
  return (
    <ConfirmButton
      label={t('payment.admin.keys.revoke')}
      color="error"
      title={t('payment.admin.keys.revokeTitle', { name: item.name })}
      text={t('payment.admin.keys.revokeText')}
      done={t('payment.admin.keys.revoked', { name: item.name })}
      call={routeCall(instanceRoutes.revokeApiKey, { id: item.id })}
      resources={['api-keys']}
    />
  );
}
