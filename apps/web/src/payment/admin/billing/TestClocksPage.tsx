import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { billingWriteRoutes, type BodyOf, type TestClock } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAdmin } from '../AdminContext';
import { useAdminMutation } from '../api/hooks';
import { routeCall } from '../api/routeCall';
import { adminKey } from '../api/keys';
import { AddButton } from '../layout/AddButton';
import { AdminPage } from '../layout/AdminPage';
import { formatDate } from '../layout/formatDate';
import { AdminTable, type Column } from '../table/AdminTable';
import { StatusChip } from './BillingBits';
import { localInput } from './billingView';
import { ClockPanel } from './ClockPanel';

function CreateClockDialog(props: { onClose(created?: TestClock): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [name, setName] = useState('');
  const [at, setAt] = useState(() => localInput(new Date().toISOString()));
  const { createTestClock } = billingWriteRoutes;
  const create = useAdminMutation(['test-clocks'], (body: BodyOf<typeof createTestClock>) =>
    routeCall(createTestClock, {}, body),
  );
  const time = new Date(at);
  const submit = () =>
    create.mutate(
      { frozen_time: time.toISOString(), ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: (c) => props.onClose(c),
        onError: (e) => enqueueSnackbar(e.message, { variant: 'error', persist: true }),
      },
    );
  return (
    <Dialog open onClose={() => props.onClose()} fullWidth maxWidth="xs">
      <DialogTitle>{t('payment.admin.billing.clocks.create')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('payment.admin.billing.clocks.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'clock-name' } }}
          />
          <TextField
            type="datetime-local"
            label={t('payment.admin.billing.clocks.frozenTime')}
            value={at}
            onChange={(e) => setAt(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'clock-time-input' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => props.onClose()}>{t('payment.admin.common.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={create.isPending || Number.isNaN(time.getTime())}
          data-testid="clock-create-confirm"
        >
          {t('payment.admin.billing.clocks.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** `{mount}/admin/test-clocks` (test mode): create clocks, open one, advance it and see what happened. */
export function TestClocksPage() {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const clocks = useQuery({
    queryKey: adminKey('test-clocks', admin.livemode, 'all'),
    queryFn: ({ signal }) => admin.call(billingWriteRoutes.testClocks, {}, signal),
    enabled: !admin.livemode,
  });
  const rows = clocks.data?.data ?? [];
  const chosen = rows.find((c) => c.id === params.get('clock'));
  const open = (id: string) => setParams({ clock: id });
  const columns: Column<TestClock>[] = [
    {
      key: 'name',
      label: t('payment.admin.billing.clocks.name'),
      render: (c) => (
        <Link component="button" type="button" onClick={() => open(c.id)} data-testid="clock-open">
          {c.name ?? c.id}
        </Link>
      ),
    },
    {
      key: 'time',
      label: t('payment.admin.billing.clocks.frozenTime'),
      render: (c) => formatDate(c.frozen_time, i18n.language),
    },
    {
      key: 'status',
      label: t('payment.admin.common.status'),
      render: (c) => <StatusChip status={c.status} />,
    },
    {
      key: 'created',
      label: t('payment.admin.common.created'),
      render: (c) => formatDate(c.created_at, i18n.language),
    },
  ];
  return (
    <AdminPage
      testId="page-admin-test-clocks"
      title={t('payment.admin.billing.clocks.title')}
      actions={
        admin.livemode ? null : (
          <AddButton
            label={t('payment.admin.billing.clocks.create')}
            testId="clock-create"
            onClick={() => setCreating(true)}
          />
        )
      }
    >
      {admin.livemode ? (
        <Alert severity="info">{t('payment.admin.billing.clocks.liveOnly')}</Alert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('payment.admin.billing.clocks.intro')}
          </Typography>
          <AdminTable
            testId="clocks-table"
            label={t('payment.admin.billing.clocks.title')}
            columns={columns}
            rows={rows}
            loading={clocks.isFetching}
            error={clocks.error}
            empty={t('payment.admin.billing.clocks.empty')}
          />
          {chosen ? <ClockPanel clock={chosen} /> : null}
        </>
      )}
      {creating ? (
        <CreateClockDialog
          onClose={(created) => {
            setCreating(false);
            if (created) open(created.id);
          }}
        />
      ) : null}
    </AdminPage>
  );
}
