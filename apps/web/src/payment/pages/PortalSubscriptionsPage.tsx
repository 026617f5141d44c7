import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import { MenuItem, Paper, TextField } from '@mui/material';
import { SUBSCRIPTION_STATUSES } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_APP_CONFIG } from '../../platform/config/appConfig';
import { useAppConfig } from '../../platform/config/useAppConfig';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PortalGate } from '../portal/components/PortalGate';
import { PortalSection } from '../portal/components/PortalSection';
import { SubscriptionTable } from '../portal/lists/SubscriptionTable';
import { useSubscriptionList } from '../portal/lists/usePortalLists';

/** `{mount}/customer/subscriptions`: the customer's subscriptions, newest first, filtered by status. */
export function PortalSubscriptionsPage() {
  const { t } = useTranslation();
  const mountPoint = (useAppConfig() ?? DEFAULT_APP_CONFIG).paymentMountPoint;
  const [status, setStatus] = useState('');
  const load = useSubscriptionList(status || undefined);
  return (
    <PortalSection testId="page-portal-subscriptions" title={t('payment.portal.lists.subscriptionsTitle')}>
      <TextField
        select
        size="small"
        label={t('payment.portal.lists.status')}
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        sx={{ mt: 3, mb: 2, minWidth: 200 }}
      >
        <MenuItem value="">{t('payment.portal.lists.allStatuses')}</MenuItem>
        {SUBSCRIPTION_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`payment.portal.subscription.status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <PortalGate load={load} kind="billing" icon={<AutorenewOutlined />}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState
              icon={<AutorenewOutlined />}
              title={t('payment.portal.lists.noSubscriptionsTitle')}
              description={t('payment.portal.lists.noSubscriptionsDescription')}
            />
          ) : (
            <Paper variant="outlined">
              <SubscriptionTable subscriptions={list} mountPoint={mountPoint} />
            </Paper>
          )
        }
      </PortalGate>
    </PortalSection>
  );
}
