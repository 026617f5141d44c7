import {
  Box,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { InvoiceListItem } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../admin/layout/formatDate';
import { atMountPoint } from '../../paths';
import { amountText, invoiceLabel, invoiceStatusColor } from '../logic/invoiceView';
import { groupByCurrency, groupLabel, type PastDueGroup } from '../logic/pastDue';
import { DetailList } from './DetailList';
import { PortalCard } from './PortalCard';

interface GroupProps {
  group: PastDueGroup;
  mountPoint: string;
}

/** The pieces of one invoice's row: its number linking to its page, due date, status, amount due. */
function useInvoiceParts(mountPoint: string) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return {
    link: (invoice: InvoiceListItem) => (
      <Link component={RouterLink} to={atMountPoint(mountPoint, `customer/invoice/${invoice.id}`)}>
        {invoiceLabel(invoice)}
      </Link>
    ),
    due: (invoice: InvoiceListItem) =>
      invoice.due_date ? formatDate(invoice.due_date, locale) : t('payment.portal.notAvailable'),
    status: (invoice: InvoiceListItem) => (
      <Chip
        size="small"
        color={invoiceStatusColor(invoice.status)}
        label={t(`payment.portal.invoice.status.${invoice.status}`)}
      />
    ),
    amount: (invoice: InvoiceListItem) =>
      amountText(invoice.amount_remaining, invoice.paymentCurrency, locale),
  };
}

/** From `sm` up: a table with a column per piece. */
function GroupTable({ group, mountPoint }: GroupProps) {
  const { t } = useTranslation();
  const parts = useInvoiceParts(mountPoint);
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
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{parts.link(invoice)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{parts.due(invoice)}</TableCell>
              <TableCell>{parts.status(invoice)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {parts.amount(invoice)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** On phones: two lines per invoice (number and amount; due date and status), nothing cut off. */
function GroupStack({ group, mountPoint }: GroupProps) {
  const { t } = useTranslation();
  const parts = useInvoiceParts(mountPoint);
  return (
    <Box component="ul" aria-label={groupLabel(group)} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {group.invoices.map((invoice) => (
        <Stack
          component="li"
          key={invoice.id}
          data-testid="past-due-invoice"
          spacing={0.5}
          sx={{ py: 1.25, borderTop: 1, borderColor: 'divider' }}
        >
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
            {parts.link(invoice)}
            <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{parts.amount(invoice)}</Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('payment.portal.pastDue.dueOn', { date: parts.due(invoice) })}
            </Typography>
            {parts.status(invoice)}
          </Stack>
        </Stack>
      ))}
    </Box>
  );
}

/**
 * The customer's past-due invoices: the amount owed per currency at the top, then the invoices of
 * each currency (number linking to the invoice, due date, status, amount still due).
 */
export function PastDueList({ invoices, mountPoint }: { invoices: InvoiceListItem[]; mountPoint: string }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const groups = groupByCurrency(invoices);
  const Group = phone ? GroupStack : GroupTable;
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
          <Group group={group} mountPoint={mountPoint} />
        </PortalCard>
      ))}
    </>
  );
}
