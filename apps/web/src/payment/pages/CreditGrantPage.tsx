import TollOutlined from '@mui/icons-material/TollOutlined';
import { Button, Paper, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { DEFAULT_APP_CONFIG } from '../../platform/config/appConfig';
import { useAppConfig } from '../../platform/config/useAppConfig';
import { formatDate } from '../admin/layout/formatDate';
import { CreditStatusChip } from '../credits/CreditStatusChip';
import { CreditTransactionsSection } from '../credits/CreditTransactionsSection';
import { grantScope } from '../credits/creditView';
import { useGrant } from '../credits/useCredits';
import { atMountPoint } from '../paths';
import { DetailList } from '../portal/components/DetailList';
import { PortalGate } from '../portal/components/PortalGate';
import { PortalSection } from '../portal/components/PortalSection';
import { amountText } from '../portal/logic/invoiceView';

/**
 * `{mount}/customer/credit-grant/:id`: one credit grant (amount, remaining, category, effective and
 * expiry times, scope) with its status chip, and the credit transactions that drew on it.
 */
export function CreditGrantPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const mountPoint = (useAppConfig() ?? DEFAULT_APP_CONFIG).paymentMountPoint;
  const load = useGrant(id);
  const title =
    load.state === 'ready'
      ? (load.data.name ?? t('payment.credits.unnamed'))
      : t('payment.creditGrant.title');
  const locale = i18n.language;

  return (
    <PortalSection testId="page-credit-grant" title={title}>
      <PortalGate load={load} kind="creditGrant" icon={<TollOutlined />}>
        {(grant) => {
          const money = (units: string) => amountText(units, grant.paymentCurrency ?? null, locale);
          const scope = grantScope(grant);
          return (
            <>
              <Stack
                direction="row"
                spacing={1}
                sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
              >
                <CreditStatusChip status={grant.status} />
                <Button component={RouterLink} to={atMountPoint(mountPoint, 'customer/credits')} size="small">
                  {t('payment.credits.title')}
                </Button>
              </Stack>
              <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
                <DetailList
                  rows={[
                    { id: 'amount', label: t('payment.credits.field.amount'), value: money(grant.amount) },
                    {
                      id: 'remaining',
                      label: t('payment.credits.field.remaining'),
                      value: money(grant.remaining_amount),
                    },
                    {
                      id: 'category',
                      label: t('payment.credits.field.category'),
                      value: t(`payment.credits.category.${grant.category}`),
                    },
                    {
                      id: 'effective',
                      label: t('payment.credits.field.effective'),
                      value: formatDate(grant.effective_at, locale),
                    },
                    {
                      id: 'expires',
                      label: t('payment.credits.field.expires'),
                      value: grant.expires_at
                        ? formatDate(grant.expires_at, locale)
                        : t('payment.credits.field.never'),
                    },
                    {
                      id: 'scope',
                      label: t('payment.credits.field.scope'),
                      value:
                        scope === 'general'
                          ? t('payment.credits.scope.general')
                          : `${t('payment.credits.scope.specific')}: ${grant.applicability_config.scope.prices.join(', ')}`,
                    },
                    {
                      id: 'created',
                      label: t('payment.credits.field.created'),
                      value: formatDate(grant.created_at, locale),
                    },
                  ]}
                />
              </Paper>
              <CreditTransactionsSection grantId={grant.id} livemode={grant.livemode} />
            </>
          );
        }}
      </PortalGate>
    </PortalSection>
  );
}
