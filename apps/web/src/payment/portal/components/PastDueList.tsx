import {
  Chip,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { InvoiceListItem } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../admin/layout/formatDate';
import { atMountPoint } from '../../routes';
import { amountText, invoiceLabel, invoiceStatusColor } from '../logic/invoiceView';
import { groupByCurrency, groupLabel, type PastDueGroup } from '../logic/pastDue';
import { DetailList } from './DetailList';
import { PortalCard } from './PortalCard';

interface PastDueListProps {
  invoices: InvoiceListItem[];
  mountPoint: string;
}

function GroupTable({ group, mountPoint }: { group: PastDueGroup; mountPoint: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={groupLabel(group)}>
        <TableHead>
          <TableRow>
            <TableCell>{t('payment.portal.pastDue.invoice')}</TableCell>
            <TableCell>{t('payment.portal.pastDue.dueDate')}</TableCell>
            <TableCell>{t('payment.portal.pastDue.status')}</TableCell>
            <TableCell align="right">{t('payment.portal.pastDue.amountDue')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {group.invoices.map((invoice) => (
            <TableRow key={invoice.id} data-testid="past-due-invoice">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Link component={RouterLink} to={atMountPoint(mountPoint, `customer/invoice/${invoice.id}`)}>
                  {invoiceLabel(invoice)}
                </Link>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {invoice.due_date ? formatDate(invoice.due_date, locale) : t('payment.portal.notAvailable')}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={invoiceStatusColor(invoice.status)}
                  label={t(`payment.portal.invoice.status.${invoice.status}`)}
                />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {amountText(invoice.amount_remaining, invoice.paymentCurrency, locale)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The customer's past-due invoices: the amount owed per currency at the top, then one table per
 * currency (number linking to the invoice, due date, status, amount still due).
 */
export function PastDueList({ invoices, mountPoint }: PastDueListProps) {
  const { t, i18n } = useTranslation();
  const groups = groupByCurrency(invoices);
  return (
    <>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>
        {t('payment.portal.pastDue.description')}
      </Typography>
      <PortalCard title={t('payment.portal.pastDue.summary')} testId="past-due-summary">
        <DetailList
          rows={groups.map((group) => ({
            id: `owed-${group.currencyId}`,
            label: groupLabel(group),
            value: amountText(group.owed.toString(), group.currency, i18n.language),
          }))}
        />
      </PortalCard>
      {groups.map((group) => (
        <PortalCard key={group.currencyId} title={groupLabel(group)} testId={`past-due-${group.currencyId}`}>
          <GroupTable group={group} mountPoint={mountPoint} />
        </PortalCard>
      ))}
    </>
  );
}
