import { Alert, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import type { OverdueInvoices } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { money } from '../../checkout/logic/format';
import { atMountPoint } from '../../paths';
import type { OverdueOwner } from './payApi';
import { PayWalletDialog } from './PayWalletDialog';
import { usePayBatch } from './usePayBatch';

interface OverduePayListProps {
  data: OverdueInvoices;
  owner: OverdueOwner;
  mountPoint: string;
  livemode: boolean;
  /** Asks for the overdue answer again; answers whether `currencyId` is still owed. */
  refresh(currencyId: string): Promise<boolean>;
  /** Nothing remains overdue (after at least one payment here). */
  onAllPaid?(): void;
  /** Where View now leads (default: the past-due invoices page). */
  viewHref?: string;
}

/**
 * SPEC §2 "Overdue invoices dialog": one row per currency with its sum and Pay now (the wallet signs
 * one transfer paying every overdue invoice of that currency), Retry after a failure, View now (the
 * past-due invoices), and Paid once settled. Card methods cannot be paid here ('not supported').
 */
export function OverduePayList({
  data,
  owner,
  mountPoint,
  livemode,
  refresh,
  onAllPaid,
  viewHref,
}: OverduePayListProps) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const locale = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const [active, setActive] = useState<string | null>(null);
  const [paid, setPaid] = useState<Record<string, true>>({});
  const isPaid = useCallback(async () => (active ? !(await refresh(active)) : false), [active, refresh]);
  const onPaid = useCallback(() => {
    if (active) setPaid((p) => ({ ...p, [active]: true }));
  }, [active]);
  const pay = usePayBatch(mountPoint, livemode, isPaid, onPaid);
  /** The currency whose last payment failed: its row offers Retry. */
  const failedCurrency = pay.state.kind === 'failed' ? active : null;

  const entries = Object.entries(data.summary);
  const remaining = entries.length;
  const paidAny = Object.keys(paid).length > 0;
  const allPaidRef = useRef(onAllPaid);
  useEffect(() => {
    allPaidRef.current = onAllPaid;
  }, [onAllPaid]);
  useEffect(() => {
    if (remaining === 0 && paidAny) allPaidRef.current?.();
  }, [remaining, paidAny]);

  const rows = [
    ...entries,
    ...Object.keys(paid)
      .filter((id) => !data.summary[id])
      .map((id) => [id, null] as const),
  ];
  if (rows.length === 0) {
    return (
      <Alert severity="success" data-testid="overdue-empty">
        {t('payment.portalPay.overdue.empty')}
      </Alert>
    );
  }
  const start = (currencyId: string, methodType: string | undefined) => {
    if (methodType === 'stripe') {
      enqueueSnackbar(t('payment.portalPay.overdue.notSupported'), { variant: 'error' });
      return;
    }
    setActive(currencyId);
    pay.start({ currencyId, ...owner });
  };
  const busy = pay.state.kind !== 'idle' && pay.state.kind !== 'paid' && pay.state.kind !== 'failed';
  const activeCurrency = active ? (data.summary[active]?.currency ?? null) : null;
  return (
    <Stack spacing={1.5} data-testid="overdue-list">
      {data.subscriptionCount > 1 ? (
        <Typography variant="body2" color="text.secondary">
          {t('payment.portalPay.overdue.subscriptions', { count: data.subscriptionCount })}
        </Typography>
      ) : null}
      {rows.map(([currencyId, row]) => {
        const count = data.invoices.filter((i) => i.currency_id === currencyId).length;
        return (
          <Stack
            key={currencyId}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{
              alignItems: { sm: 'center' },
              justifyContent: 'space-between',
              p: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
            data-testid={`overdue-row-${currencyId}`}
          >
            <Stack>
              <Typography sx={{ fontWeight: 600 }}>
                {row ? money(BigInt(row.amount), row.currency, locale) : t('payment.portalPay.overdue.done')}
              </Typography>
              {row ? (
                <Typography variant="body2" color="text.secondary">
                  {t('payment.portalPay.overdue.invoices', { count })}
                </Typography>
              ) : null}
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {!row || paid[currencyId] ? (
                <Chip
                  color="success"
                  label={t('payment.portalPay.overdue.done')}
                  data-testid="overdue-paid"
                />
              ) : active === currencyId && busy ? (
                <CircularProgress size={24} aria-label={t('payment.portalPay.waiting')} />
              ) : (
                <Button
                  variant="contained"
                  size="small"
                  disabled={busy}
                  onClick={() => start(currencyId, row.method?.type)}
                  data-testid={failedCurrency === currencyId ? 'overdue-retry' : 'overdue-pay'}
                >
                  {failedCurrency === currencyId
                    ? t('payment.portalPay.overdue.retry')
                    : t('payment.portalPay.overdue.payNow')}
                </Button>
              )}
              {row ? (
                <Button
                  size="small"
                  component={RouterLink}
                  to={viewHref ?? atMountPoint(mountPoint, 'customer/invoice/past-due')}
                  data-testid="overdue-view"
                >
                  {t('payment.portalPay.overdue.viewNow')}
                </Button>
              ) : null}
            </Stack>
          </Stack>
        );
      })}
      <PayWalletDialog pay={pay} currency={activeCurrency} locale={locale} />
    </Stack>
  );
}
