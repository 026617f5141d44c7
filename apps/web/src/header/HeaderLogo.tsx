import { Box, Link, useMediaQuery, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useThemeMode } from '../platform/theme/useThemeMode';
import type { Branding } from './nav/navigationAnswer';

/** The home link: the square logo on small screens, the wide one otherwise, in the theme's variant. */
export function HeaderLogo({ branding }: { branding: Branding }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const { mode } = useThemeMode();
  const logo = branding.logos ? (small ? branding.logos.square : branding.logos.wide)[mode] : undefined;
  return (
    <Link
      component={RouterLink}
      to="/"
      underline="none"
      color="inherit"
      data-testid="header-logo"
      aria-label={t('header.nav.home', { name: branding.appName })}
      title={t('header.nav.home', { name: branding.appName })}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexShrink: 0,
        fontWeight: 700,
        fontSize: '1.25rem',
        mr: 1,
      }}
    >
      {logo ? (
        <Box
          component="img"
          src={logo}
          alt={branding.appName}
          data-logo={small ? 'square' : 'wide'}
          sx={{ height: small ? 36 : 40, maxWidth: small ? 36 : 200, objectFit: 'contain' }}
        />
      ) : null}
      {logo ? null : <span>{branding.appName}</span>}
    </Link>
  );
}
