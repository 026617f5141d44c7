import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import { Typography, useMediaQuery, useTheme } from '@mui/material';
import { paymentStatusShown, type PortalPaymentList, type PortalRefundList } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readLivemode } from '../../admin/livemode/livemodeStorage';
import { PortalGate } from '../components/PortalGate';
import { amountText } from '../logic/invoiceView';
import { usePortalQuery } from '../usePortalDetail';
import { fetchPayments, fetchRefunds } from '../pay/payApi';
import { HistoryList, Pager, statusChip } from './HistoryList';

function usePageSize() {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm')) ? 5 : 10;
}

/** Every payment of the signed-in customer: amount, method, status and the transaction link. */
export function PaymentsSection() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const size = usePageSize();
  const livemode = readLivemode(window.localStorage);
  const load = usePortalQuery<PortalPaymentList>(['payments', livemode, page, size], (mountPoint, signal) =>
    fetchPayments(mountPoint, livemode, page, size, signal),
  );
  return (
    <PortalGate load={load} kind="billing" icon={<PaymentsOutlined />}>
      {({ list, count }) =>
        list.length === 0 ? (
          <Typography sx={{ mt: 2 }}>{t('payment.portalPay.payments.empty')}</Typography>
        ) : (
          <>
            <HistoryList
              testId="payments"
              rows={list.map((p) => ({
                id: p.id,
                created_at: p.created_at,
                amount: amountText(p.amount, p.paymentCurrency, i18n.language),
                status: statusChip(
                  t(`payment.portalPay.paymentStatus.${paymentStatusShown(p)}`),
                  p.status === 'succeeded',
                ),
                detail: p.description,
                paymentDetails: p.payment_details,
                method: p.paymentMethod,
              }))}
            />
            <Pager page={page} pages={Math.ceil(count / size)} onPage={setPage} />
          </>
        )
      }
    </PortalGate>
  );
}

/** Every refund of the signed-in customer: amount, status, reason and the transaction. */
export function RefundsSection() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const size = usePageSize();
  const livemode = readLivemode(window.localStorage);
  const load = usePortalQuery<PortalRefundList>(['refunds', livemode, page, size], (mountPoint, signal) =>
    fetchRefunds(mountPoint, livemode, page, size, signal),
  );
  return (
    <PortalGate load={load} kind="billing" icon={<PaymentsOutlined />}>
      {({ list, count }) =>
        list.length === 0 ? (
          <Typography sx={{ mt: 2 }}>{t('payment.portalPay.refunds.empty')}</Typography>
        ) : (
          <>
            <HistoryList
              testId="refunds"
              rows={list.map((r) => ({
                id: r.id,
                created_at: r.created_at,
                amount: amountText(r.amount, r.paymentCurrency, i18n.language),
                status: statusChip(t(`payment.portalPay.refundStatus.${r.status}`), r.status === 'succeeded'),
                detail: r.reason
                  ? t(`payment.portalPay.refunds.reasons.${r.reason}`, { defaultValue: r.reason })
                  : null,
                paymentDetails: { tx_hash: r.metadata.refund_tx_hash ?? r.metadata.tx_hash },
                method: r.paymentMethod,
              }))}
            />
            <Pager page={page} pages={Math.ceil(count / size)} onPage={setPage} />
          </>
        )
      }
    </PortalGate>
  );
}
