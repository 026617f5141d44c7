import { Box, Chip, FormControlLabel, Stack, Switch, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { useAdmin } from '../AdminContext';
import { ADMIN_SECTIONS, sectionOf } from './adminSections';

/** Section tabs, the test/live switch with its 'Test mode' badge, and the current admin page. */
export function AdminLayout() {
  const { t } = useTranslation();
  const admin = useAdmin();
  const { pathname } = useLocation();
  const base = admin.page('').replace(/\/$/, '');
  const current = sectionOf(pathname, base);
  return (
    <Box
      sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 } }}
      data-testid="payment-admin"
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1}
        sx={{
          alignItems: { md: 'center' },
          justifyContent: 'space-between',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Tabs
          value={current.path}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('payment.admin.nav.label')}
        >
          {ADMIN_SECTIONS.map((s) => (
            <Tab
              key={s.path}
              value={s.path}
              label={t(`payment.admin.nav.${s.label}`)}
              component={RouterLink}
              to={admin.page(s.path)}
              data-testid={`admin-tab-${s.path}`}
            />
          ))}
        </Tabs>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', pb: { xs: 1, md: 0 } }}>
          {admin.livemode ? null : (
            <Chip
              data-testid="test-mode-badge"
              color="warning"
              size="small"
              label={t('payment.admin.mode.badge')}
            />
          )}
          <FormControlLabel
            label={t('payment.admin.mode.live')}
            control={
              <Switch
                checked={admin.livemode}
                onChange={(e) => admin.setLivemode(e.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'admin-mode-hint' } }}
                data-testid="livemode-switch"
              />
            }
          />
          <Box id="admin-mode-hint" sx={{ display: 'none' }}>
            {t('payment.admin.mode.hint')}
          </Box>
        </Stack>
      </Stack>
      <Outlet />
    </Box>
  );
}
