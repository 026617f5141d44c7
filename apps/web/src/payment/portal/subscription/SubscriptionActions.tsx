import { Alert, Button, Stack } from '@mui/material';
import type { SubscriptionDetail } from '@payshelf/api';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDate } from '../../admin/layout/formatDate';
import { formatError } from '../../checkout/logic/errorText';
import { atMountPoint } from '../../paths';
import { AllowancePanel } from './AllowancePanel';
import { CancelDialog } from './CancelDialog';
import { PlanDialog } from './PlanDialog';
import { QuantityDialog } from './QuantityDialog';
import {
  cancelSubscription,
  changePlan,
  recoverSubscription,
  resumeSubscription,
  updateQuantity,
} from './subscriptionApi';

const LIVE = new Set(['active', 'trialing', 'past_due']);

/**
 * What the customer can do with their subscription: cancel (at the period end; a trial now), resume
 * one set to cancel, recover a canceled one, change the quantity (prorated preview first), and open
 * its invoice history, and change plan: when the change leaves an invoice to pay, the customer goes
 * to that invoice's page to pay it (the portal's one pay flow) and the new plan applies once paid. Failures toast SPEC §8's texts.
 */
export function SubscriptionActions({
  subscription: sub,
  mountPoint,
}: {
  subscription: SubscriptionDetail;
  mountPoint: string;
}) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'cancel' | 'quantity' | 'plan' | null>(null);
  const [busy, setBusy] = useState(false);
  const trial = sub.status === 'trialing';
  const invoicePage = (id: string) => atMountPoint(mountPoint, `customer/invoice/${id}`);
  const pending = sub.pending_update ?? null;
  const run = <T,>(action: () => Promise<T>, done: string, failed: string, after?: (answer: T) => void) => {
    setBusy(true);
    action()
      .then(
        (answer) => {
          enqueueSnackbar(done, { variant: 'success' });
          setDialog(null);
          after?.(answer);
          return queryClient.invalidateQueries({ queryKey: ['payment', 'portal'] });
        },
        (error: unknown) => enqueueSnackbar(`${failed}: ${formatError(error)}`, { variant: 'error' }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}
        data-testid="subscription-actions"
      >
        {LIVE.has(sub.status) && !sub.cancel_at_period_end ? (
          <Button
            variant="outlined"
            color="error"
            onClick={() => setDialog('cancel')}
            data-testid="subscription-cancel"
          >
            {t('payment.portalPay.subscription.cancel')}
          </Button>
        ) : null}
        {LIVE.has(sub.status) && sub.cancel_at_period_end ? (
          <Button
            variant="contained"
            disabled={busy}
            data-testid="subscription-resume"
            onClick={() =>
              run(
                () => resumeSubscription(mountPoint, sub.id, sub.livemode),
                t('payment.portalPay.subscription.resumed'),
                t('payment.portalPay.subscription.renewFailed'),
              )
            }
          >
            {t('payment.portalPay.subscription.resume')}
          </Button>
        ) : null}
        {sub.status === 'canceled' ? (
          <Button
            variant="contained"
            disabled={busy}
            data-testid="subscription-recover"
            onClick={() =>
              run(
                () => recoverSubscription(mountPoint, sub.id, sub.livemode),
                t('payment.portalPay.subscription.recovered'),
                t('payment.portalPay.subscription.renewFailed'),
              )
            }
          >
            {t('payment.portalPay.subscription.recover')}
          </Button>
        ) : null}
        {LIVE.has(sub.status) && sub.items.length === 1 && !pending ? (
          <Button variant="outlined" onClick={() => setDialog('plan')} data-testid="subscription-change-plan">
            {t('payment.portalChange.plan.action')}
          </Button>
        ) : null}
        {LIVE.has(sub.status) && sub.items.length === 1 ? (
          <Button
            variant="outlined"
            onClick={() => setDialog('quantity')}
            data-testid="subscription-quantity"
          >
            {t('payment.portalPay.subscription.changeQuantity')}
          </Button>
        ) : null}
        <Button
          component={RouterLink}
          to={`${atMountPoint(mountPoint, 'customer/invoices')}?subscription_id=${encodeURIComponent(sub.id)}`}
          data-testid="subscription-invoices"
        >
          {t('payment.portalPay.subscription.invoices')}
        </Button>
      </Stack>
      {pending ? (
        <Alert
          severity="info"
          sx={{ mt: 2 }}
          data-testid="plan-pending"
          action={
            <Button component={RouterLink} to={invoicePage(pending.invoice_id)} color="inherit" size="small">
              {t('payment.portalChange.plan.payNow')}
            </Button>
          }
        >
          {t('payment.portalChange.plan.pending')}
        </Alert>
      ) : null}
      <AllowancePanel subscription={sub} mountPoint={mountPoint} />
      <CancelDialog
        open={dialog === 'cancel'}
        trial={trial}
        periodEnd={formatDate(sub.current_period_end, i18n.language)}
        busy={busy}
        onClose={() => setDialog(null)}
        onConfirm={(feedback, comment) =>
          run(
            () =>
              cancelSubscription(mountPoint, sub.id, sub.livemode, {
                at_period_end: !trial,
                feedback,
                ...(comment ? { comment } : {}),
              }),
            trial
              ? t('payment.portalPay.subscription.canceledNow')
              : t('payment.portalPay.subscription.canceled'),
            t('payment.portalPay.failed'),
          )
        }
      />
      {dialog === 'plan' ? (
        <PlanDialog
          subscription={sub}
          mountPoint={mountPoint}
          busy={busy}
          onClose={() => setDialog(null)}
          onConfirm={(priceId, prorationDate) =>
            run(
              () =>
                changePlan(
                  mountPoint,
                  sub.id,
                  sub.livemode,
                  priceId,
                  sub.items[0]?.quantity ?? 1,
                  prorationDate,
                ),
              t('payment.portalChange.plan.changed'),
              t('payment.portalChange.plan.failed'),
              (changed) => {
                // A payment is due: its invoice's page is where the customer pays it.
                const due = changed.pending_update?.invoice_id;
                if (!due) return;
                enqueueSnackbar(t('payment.portalChange.plan.payToApply'), { variant: 'info' });
                void navigate(invoicePage(due));
              },
            )
          }
        />
      ) : null}
      {dialog === 'quantity' ? (
        <QuantityDialog
          open
          subscription={sub}
          mountPoint={mountPoint}
          busy={busy}
          onClose={() => setDialog(null)}
          onConfirm={(quantity, prorationDate) =>
            run(
              () => updateQuantity(mountPoint, sub.id, sub.livemode, quantity, prorationDate),
              t('payment.portalPay.subscription.changed'),
              t('payment.portalPay.subscription.upgradeFailed'),
            )
          }
        />
      ) : null}
    </>
  );
}
