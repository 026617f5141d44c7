import { StatusChip } from '../../billing/BillingBits';
import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { CustomerActivity, PaymentCurrency, PaymentIntent, Refund } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../layout/formatDate';
import { moneyText } from '../../prices/priceText';
import { AdminTable, type Column } from '../../table/AdminTable';
import { refundableOf } from './refundAmount';
import { RefundButton } from './RefundDialog';
import { customerText } from './customerText';
import { Section } from './Section';

interface Props {
  activity: CustomerActivity | undefined;
  loading: boolean;
  error: Error | null;
  currencies: PaymentCurrency[];
}

/** Credit balance per currency, payments (each refundable), refunds and the events timeline. */
export function CustomerMoney({ activity, loading, error, currencies }: Props) {
  const { t, i18n } = useTranslation();
  const k = customerText(t);
  const currencyOf = (id: string) => currencies.find((c) => c.id === id);
  const date = (iso: string) => formatDate(iso, i18n.language);
  const refunds = activity?.refunds ?? [];
  const paymentColumns: Array<Column<PaymentIntent>> = [
    { key: 'id', label: 'ID', render: (p) => p.id },
    { key: 'status', label: k('status'), render: (p) => <StatusChip status={p.status} /> },
    {
      key: 'amount',
      label: t('payment.admin.insights.overview.amount'),
      align: 'right',
      render: (p) => moneyText(p.amount_received, currencyOf(p.currency_id)),
    },
    { key: 'created', label: k('created'), render: (p) => date(p.created_at) },
    {
      key: 'actions',
      label: k('actions'),
      // A Refund button only for a succeeded payment with something left to refund (never for a
      // 0 TUSD trial payment or one refunded in full).
      render: (p) => {
        const left = refundableOf(p.amount_received, refunds, p.id);
        return p.status === 'succeeded' && left > 0n ? (
          <RefundButton payment={p} currency={currencyOf(p.currency_id)} refundable={left} />
        ) : null;
      },
    },
  ];
  const refundColumns: Array<Column<Refund>> = [
    { key: 'id', label: 'ID', render: (r) => r.id },
    { key: 'status', label: k('status'), render: (r) => <StatusChip status={r.status} /> },
    {
      key: 'amount',
      label: t('payment.admin.insights.overview.amount'),
      align: 'right',
      render: (r) => moneyText(r.amount, currencyOf(r.currency_id)),
    },
    {
      key: 'reason',
      label: k('reason'),
      render: (r) => (r.reason ? t(`payment.admin.insights.customer.reasons.${r.reason}`) : '—'),
    },
    { key: 'payment', label: k('payments'), render: (r) => r.payment_intent_id },
    { key: 'created', label: k('created'), render: (r) => date(r.created_at) },
  ];
  const balances = activity?.balances ?? [];
  const events = activity?.events ?? [];
  return (
    <>
      <Section title={k('balances')} testId="customer-balances">
        {balances.length === 0 ? (
          <Typography>{k('noBalance')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {balances.map((b) => (
              <li key={b.currency_id}>{moneyText(b.balance, currencyOf(b.currency_id))}</li>
            ))}
          </Box>
        )}
      </Section>
      <Section title={k('payments')} testId="customer-payments">
        <AdminTable
          testId="customer-payments-table"
          label={k('payments')}
          columns={paymentColumns}
          rows={activity?.payments ?? []}
          loading={loading}
          error={error}
          empty={k('noPayments')}
        />
      </Section>
      <Section title={k('refunds')} testId="customer-refunds">
        <AdminTable
          testId="customer-refunds-table"
          label={k('refunds')}
          columns={refundColumns}
          rows={refunds}
          loading={loading}
          error={null}
          empty={k('noRefunds')}
        />
      </Section>
      <Section title={k('events')} testId="customer-events">
        {events.length === 0 ? (
          <Typography>{k('noEvents')}</Typography>
        ) : (
          <List dense disablePadding component="ol" sx={{ borderLeft: 2, borderColor: 'divider', pl: 1 }}>
            {events.map((e) => (
              <ListItem key={e.id} disableGutters component="li">
                <ListItemText
                  primary={e.type}
                  secondary={`${date(e.created_at)} · ${e.id}`}
                  slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
    </>
  );
}
