import { Box, Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, ScrollRestoration } from 'react-router';
import { LocaleToggleButton } from './LocaleToggleButton';
import { SkipLink } from './SkipLink';
import { ThemeToggleButton } from './ThemeToggleButton';

const MAIN_ID = 'main-content';

/**
 * The page frame: the header slot (`#app-header`; the shared header with navigation, notifications and
 * the user menu replaces its content later) and the <main> region the routes render into.
 */
export function AppLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink targetId={MAIN_ID} />
      <Box
        component="header"
        id="app-header"
        sx={{
          height: 64,
          px: { xs: 2, sm: 3 },
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Link
          component={RouterLink}
          to="/"
          underline="none"
          color="inherit"
          sx={{ fontWeight: 700, fontSize: '1.25rem', mr: 'auto' }}
        >
          {t('app.name')}
        </Link>
        <LocaleToggleButton />
        <ThemeToggleButton />
      </Box>
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <ScrollRestoration />
    </Box>
  );
}
