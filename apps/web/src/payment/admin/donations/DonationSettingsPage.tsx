import { Alert, Box, Button, Chip, Stack, Switch } from '@mui/material';
import { instanceRoutes, type SettingRecord, merchantRoutes, adminViewRoutes } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorPage } from '../../../platform/ui/ErrorPage';
import { isAdminRole, useHeaderSession } from '../../../platform/session/useHeaderSession';
import { RequireLogin } from '../../../platform/auth/RequireLogin';
import { AdminContext, useAdmin } from '../AdminContext';
import { adminKey } from '../api/keys';
import { useAdminMutation } from '../api/hooks';
import { routeCall } from '../api/routeCall';
import { AdminPage } from '../layout/AdminPage';
import { readLivemode } from '../livemode/livemodeStorage';
import { AdminTable, type Column } from '../table/AdminTable';
import { DonationEditor } from './DonationEditor';
import { dropCached, sessionStore, settingsCacheKey } from './settingsCache';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function ActiveSwitch({ record }: { record: SettingRecord }) {
  const { t } = useTranslation();
  const { updateSetting } = instanceRoutes;
  const toggle = useAdminMutation(['donation-settings'], (active: boolean) =>
    routeCall(updateSetting, { key: record.id }, { active }),
  );
  return (
    <Switch
      checked={record.active}
      disabled={toggle.isPending}
      onChange={(e) => {
        dropCached(
          sessionStore(),
          settingsCacheKey(
            `/donation-settings/lookup?mount_location=${record.mount_location}`,
            record.livemode,
          ),
        );
        toggle.mutate(e.target.checked);
      }}
      slotProps={{
        input: { 'aria-label': `${t('payment.admin.insights.donations.active')}: ${record.mount_location}` },
      }}
    />
  );
}

/** A setting's place: the payment link's name (its id below) when it is a link, else the location as is. */
function LocationCell({ location }: { location: string }) {
  const admin = useAdmin();
  const isLink = location.startsWith('plink_');
  const link = useQuery({
    queryKey: adminKey('payment-links', admin.livemode, location),
    queryFn: ({ signal }) =>
      admin.call(merchantRoutes.paymentLinks.retrieve, { params: { id: location } }, signal),
    enabled: isLink,
    staleTime: 60_000,
  });
  const name = link.data?.name;
  if (!name) return <>{location}</>;
  return (
    <Box>
      <Box component="span" sx={{ display: 'block', fontWeight: 500 }} data-testid="donation-location-name">
        {name}
      </Box>
      <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.75rem', fontFamily: 'monospace' }}>
        {location}
      </Box>
    </Box>
  );
}

function DonationSettingsContent() {
  const { t } = useTranslation();
  const admin = useAdmin();
  const [params, setParams] = useSearchParams();
  const list = useQuery({
    queryKey: adminKey('donation-settings', admin.livemode),
    queryFn: ({ signal }) => admin.call(adminViewRoutes.donationSettings, {}, signal),
  });
  const rows = list.data?.data ?? [];
  const location = params.get('location');
  const selected = rows.find((r) => r.mount_location === location);
  const d = (key: 'location' | 'active' | 'inactive' | 'edit' | 'empty' | 'title' | 'intro') =>
    t(`payment.admin.insights.donations.${key}`);
  const columns: Array<Column<SettingRecord>> = [
    { key: 'location', label: d('location'), render: (r) => <LocationCell location={r.mount_location} /> },
    {
      key: 'status',
      label: d('active'),
      render: (r) => (
        <Chip
          size="small"
          color={r.active ? 'success' : 'default'}
          label={r.active ? d('active') : d('inactive')}
        />
      ),
    },
    { key: 'toggle', label: '', render: (r) => <ActiveSwitch record={r} /> },
    {
      key: 'edit',
      label: '',
      render: (r) => (
        <Button
          size="small"
          onClick={() => setParams({ location: r.mount_location })}
          data-testid={`donation-edit-${r.mount_location}`}
        >
          {d('edit')}
        </Button>
      ),
    },
  ];
  return (
    <AdminPage testId="page-donations-integration" title={d('title')}>
      <Stack spacing={2}>
        <Alert severity="info">{d('intro')}</Alert>
        <AdminTable
          testId="donation-settings-table"
          label={d('title')}
          columns={columns}
          rows={rows}
          loading={list.isLoading}
          error={list.error}
          empty={d('empty')}
        />
      </Stack>
      {selected ? (
        <DonationEditor
          key={selected.id + selected.updated_at}
          record={selected}
          onSaved={() =>
            dropCached(
              sessionStore(),
              settingsCacheKey(
                `/donation-settings/lookup?mount_location=${selected.mount_location}`,
                selected.livemode,
              ),
            )
          }
        />
      ) : null}
    </AdminPage>
  );
}

function OwnerOnly({ mountPoint }: { mountPoint: string }) {
  const { user } = useHeaderSession();
  const value = useMemo(
    () => ({ mountPoint, livemode: readLivemode(storage()), setLivemode: () => undefined }),
    [mountPoint],
  );
  if (!isAdminRole(user?.role)) return <ErrorPage code={403} />;
  return (
    <AdminContext value={value}>
      <DonationSettingsContent />
    </AdminContext>
  );
}

/** `{mount}/integrations/donations`: owners and admins list donation settings and edit them. */
export function DonationSettingsPage({ mountPoint }: { mountPoint: string }) {
  return (
    <RequireLogin>
      <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 }, pb: 3 }}>
        <OwnerOnly mountPoint={mountPoint} />
      </Box>
    </RequireLogin>
  );
}
