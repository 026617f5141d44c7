import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { callRoute, instanceRoutes, type DonationSettings } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isAdminRole, useHeaderSession } from '../../../platform/session/useHeaderSession';
import { apiBase } from '../api/client';
import { useDonationSetting } from './useDonationSetting';

/**
 * Whether a donation checkout may take donations: a link whose setting record exists and is inactive
 * refuses visitors ('Donation feature is not enabled'); owners and admins see the form and Enable.
 */
export function useDonationGate(mountPoint: string, linkId: string | undefined, livemode: boolean) {
  const { user } = useHeaderSession();
  const setting = useDonationSetting(mountPoint, linkId, livemode);
  const admin = isAdminRole(user?.role);
  const record = setting.data;
  return {
    mountPoint,
    linkId,
    livemode,
    setting,
    refused: !admin && record?.active === false,
    showEnable:
      admin && linkId !== undefined && setting.isSuccess && (record === null || record?.active === false),
  };
}

export type DonationGate = ReturnType<typeof useDonationGate>;

/** Owner/admin only: Enable activates the link's donation setting, then offers Configure Now or Later. */
export function DonationEnableBar({
  gate,
  linkSettings,
}: {
  gate: DonationGate;
  linkSettings: DonationSettings | null;
}) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const base = gate.mountPoint === '/' ? '' : gate.mountPoint;
  const enable = async () => {
    // Enable is only offered for a link (showEnable): without one there is no location to record.
    const mountLocation = gate.linkId;
    if (mountLocation === undefined) return;
    setBusy(true);
    setError(null);
    try {
      const options = {
        base: apiBase(gate.mountPoint),
        query: { livemode: String(gate.livemode) },
        idempotent: true,
      };
      const body = {
        mountLocation,
        type: 'donate' as const,
        active: true,
        livemode: gate.livemode,
        settings: linkSettings ?? {},
      };
      const made = await callRoute(instanceRoutes.createSetting, { body }, options);
      if (!made.active) {
        await callRoute(
          instanceRoutes.updateSetting,
          { params: { key: made.id }, body: { active: true } },
          options,
        );
      }
      await gate.setting.refresh();
      setPrompt(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {gate.showEnable ? (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          data-testid="donation-enable-bar"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void enable()}
              disabled={busy}
              data-testid="donation-enable"
            >
              {t('payment.donations.enable')}
            </Button>
          }
        >
          {error ?? t('payment.donations.enablePrompt')}
        </Alert>
      ) : null}
      <Dialog open={prompt} onClose={() => setPrompt(false)} data-testid="donation-configure-prompt">
        <DialogTitle>{t('payment.donations.enabledTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('payment.donations.enabledText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPrompt(false)}>{t('payment.donations.later')}</Button>
          <Button
            variant="contained"
            component={RouterLink}
            to={`${base}/integrations/donations?location=${encodeURIComponent(gate.linkId ?? '')}`}
            data-testid="donation-configure-now"
          >
            {t('payment.donations.configureNow')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
