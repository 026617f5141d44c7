import TollOutlined from '@mui/icons-material/TollOutlined';
import {
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DEFAULT_APP_CONFIG } from '../../platform/config/appConfig';
import { useAppConfig } from '../../platform/config/useAppConfig';
import { EmptyState } from '../../platform/ui/EmptyState';
import { formatDate } from '../admin/layout/formatDate';
import { CreditBalanceCards } from '../credits/CreditBalanceCards';
import { CreditStatusChip } from '../credits/CreditStatusChip';
import { CreditTransactionsSection } from '../credits/CreditTransactionsSection';
import { useGrantPage, useLiveGrants } from '../credits/useCredits';
import { atMountPoint } from '../paths';
import { PortalGate } from '../portal/components/PortalGate';
import { PortalSection } from '../portal/components/PortalSection';
import { amountText } from '../portal/logic/invoiceView';
import { useNowSeconds } from '../portal/useNowSeconds';

/**
 * `{mount}/customer/credits`: the credit balance per currency, every credit grant (linked to its
 * page) and the credit transactions with a date range.
 */
export function PortalCreditsPage() {
  const { t, i18n } = useTranslation();
  const mountPoint = (useAppConfig() ?? DEFAULT_APP_CONFIG).paymentMountPoint;
  const nowMs = useNowSeconds() * 1000;
  const live = useLiveGrants();
  const [page, setPage] = useState(0);
  const grants = useGrantPage({ page: page + 1, pageSize: 10 });
  const locale = i18n.language;

  return (
    <PortalSection
      testId="page-portal-credits"
      title={t('payment.credits.title')}
      subtitle={t('payment.credits.subtitle')}
    >
      <PortalGate load={live} kind="billing" icon={<TollOutlined />}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState
              icon={<TollOutlined />}
              title={t('payment.credits.noBalanceTitle')}
              description={t('payment.credits.noBalanceDescription')}
            />
          ) : (
            <Stack spacing={2} sx={{ mt: 3 }}>
              <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
                {t('payment.credits.balance')}
              </Typography>
              <CreditBalanceCards grants={list} nowMs={nowMs} />
            </Stack>
          )
        }
      </PortalGate>
      <Stack spacing={2} sx={{ mt: 4 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('payment.credits.grants')}
        </Typography>
        <PortalGate load={grants} kind="billing" icon={<TollOutlined />}>
          {(data) =>
            data.data.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>{t('payment.credits.noGrants')}</Typography>
            ) : (
              <Paper variant="outlined">
                <TableContainer sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-label={t('payment.credits.grants')}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('payment.credits.field.name')}</TableCell>
                        <TableCell>{t('payment.credits.field.status')}</TableCell>
                        <TableCell>{t('payment.credits.field.category')}</TableCell>
                        <TableCell align="right">{t('payment.credits.field.remaining')}</TableCell>
                        <TableCell align="right">{t('payment.credits.field.amount')}</TableCell>
                        <TableCell>{t('payment.credits.field.expires')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.data.map((grant) => {
                        const money = (units: string) =>
                          amountText(units, grant.paymentCurrency ?? null, locale);
                        return (
                          <TableRow key={grant.id} data-testid="credit-grant-row">
                            <TableCell>
                              <Link
                                component={RouterLink}
                                to={atMountPoint(mountPoint, `customer/credit-grant/${grant.id}`)}
                              >
                                {grant.name ?? grant.id}
                              </Link>
                            </TableCell>
                            <TableCell>
                              <CreditStatusChip status={grant.status} />
                            </TableCell>
                            <TableCell>{t(`payment.credits.category.${grant.category}`)}</TableCell>
                            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                              {money(grant.remaining_amount)}
                            </TableCell>
                            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                              {money(grant.amount)}
                            </TableCell>
                            <TableCell sx={{ whiteSpace: 'nowrap' }}>
                              {grant.expires_at
                                ? formatDate(grant.expires_at, locale)
                                : t('payment.credits.field.never')}
                            </TableCell>
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                </TableContainer>
                <TablePagination
                  component="div"
                  count={data.count}
                  page={page}
                  rowsPerPage={10}
                  rowsPerPageOptions={[10]}
                  onPageChange={(_e, p) => setPage(p)}
                  labelRowsPerPage={t('payment.portal.lists.rowsPerPage')}
                />
              </Paper>
            )
          }
        </PortalGate>
      </Stack>
      <CreditTransactionsSection />
    </PortalSection>
  );
}
