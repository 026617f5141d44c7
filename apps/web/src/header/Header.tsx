import CloseOutlined from '@mui/icons-material/CloseOutlined';
import MenuOutlined from '@mui/icons-material/MenuOutlined';
import { Box, IconButton, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isEmbedded, sessionStorageOrUndefined } from './embedMode';
import { HeaderAddons } from './HeaderAddons';
import { HeaderLogo } from './HeaderLogo';
import { MobileNavDrawer } from './nav/MobileNavDrawer';
import { NavMenu } from './nav/NavMenu';
import { ProductsIconButton } from './products/ProductsButton';
import { useHeaderNavigation } from './nav/useHeaderNavigation';
import { rememberInviter } from './session/inviter';
import { useHeaderSession } from '../platform/session/useHeaderSession';

export const HEADER_HEIGHT = 64;

/** The shared header (SPEC.md sections 1 and 2): 64 px, hidden in embedded mode. */
export function Header() {
  const { t } = useTranslation();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const { search } = useLocation();
  const embedded = useMemo(() => isEmbedded(search, sessionStorageOrUndefined()), [search]);
  const navigation = useHeaderNavigation();
  const session = useHeaderSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => {
    try {
      rememberInviter(search, window.localStorage);
    } catch {
      // localStorage itself can throw when storage is disabled.
    }
  }, [search]);
  if (embedded) return null;
  const sessionEntries = navigation.section('sessionManager');
  return (
    <>
      <Box
        component="header"
        id="app-header"
        data-testid="app-header"
        sx={{
          height: HEADER_HEIGHT,
          flexShrink: 0,
          px: { xs: 1, sm: 2 },
          display: 'flex',
          alignItems: 'center',
          // Every pixel counts on a 375 px phone signed in (bell, locale, theme, apps, avatar).
          gap: { xs: 0.5, sm: 1 },
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
          position: 'sticky',
          top: 0,
          zIndex: (z) => z.zIndex.appBar,
        }}
      >
        {small ? (
          <IconButton
            color="inherit"
            data-testid="nav-drawer-toggle"
            aria-label={drawerOpen ? t('header.nav.closeMenu') : t('header.nav.openMenu')}
            aria-expanded={drawerOpen ? 'true' : 'false'}
            onClick={() => setDrawerOpen(!drawerOpen)}
          >
            {drawerOpen ? <CloseOutlined /> : <MenuOutlined />}
          </IconButton>
        ) : null}
        <HeaderLogo branding={navigation.branding} />
        {small ? (
          <>
            <Box sx={{ flex: 1 }} />
            {navigation.entries.some((e) => e.kind === 'products') ? <ProductsIconButton /> : null}
          </>
        ) : (
          <NavMenu entries={navigation.entries} activeId={navigation.activeId} />
        )}
        <HeaderAddons
          session={session}
          sessionEntries={sessionEntries}
          dashboard={navigation.section('dashboard')}
        />
      </Box>
      {small ? (
        <MobileNavDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          entries={navigation.entries}
          activeId={navigation.activeId}
        />
      ) : null}
    </>
  );
}
