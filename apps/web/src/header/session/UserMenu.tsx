import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import {
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../platform/locale/useLocale';
import { Icon } from '../icon/Icon';
import { navLinkProps } from '../nav/navLinkProps';
import type { ResolvedNavItem } from '../nav/navTypes';
import { avatarUrl, MAX_USER_MENU_SESSION_ENTRIES, profileUrl } from '../../platform/session/sessionLinks';
import { isAdminRole, type HeaderUser } from '../../platform/session/useHeaderSession';

interface UserMenuProps {
  user: HeaderUser;
  /** The sessionManager entries; the first five are listed. */
  sessionEntries: ResolvedNavItem[];
  dashboard: ResolvedNavItem[];
  onSignOut: () => void;
}

/** Avatar button and account menu: name, up to 5 session entries, profile, dashboard, sign out. */
export function UserMenu({ user, sessionEntries, dashboard, onSignOut }: UserMenuProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const avatar = user.avatar?.startsWith('data:') ? user.avatar : avatarUrl(user.did);
  const shownEntries = sessionEntries.slice(0, MAX_USER_MENU_SESSION_ENTRIES);
  // The dashboard entry once: not again when a session entry already leads there.
  const first = isAdminRole(user.role) ? dashboard[0] : undefined;
  const dashboardLink = first && !shownEntries.some((e) => e.link === first.link) ? first : undefined;
  return (
    <>
      <IconButton
        data-testid="user-menu-button"
        aria-label={t('header.user.menu', { name: user.fullName })}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar src={avatar} alt="" sx={{ width: 32, height: 32 }}>
          {user.fullName.slice(0, 1).toUpperCase()}
        </Avatar>
      </IconButton>
      <Menu
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 350, maxWidth: '90vw' } }, list: { 'aria-label': user.fullName } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1 }}>
          <Avatar src={avatar} alt="" sx={{ width: 48, height: 48 }}>
            {user.fullName.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap data-testid="user-menu-name">
              {user.fullName}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
              {t('header.user.role', { role: user.role })}
            </Typography>
          </Box>
        </Box>
        <Divider />
        {shownEntries.map((entry) => (
          <MenuItem
            key={entry.id}
            {...navLinkProps(entry)}
            onClick={close}
            data-testid="user-menu-session-entry"
          >
            <ListItemIcon>{entry.icon ? <Icon icon={entry.icon} size={20} /> : null}</ListItemIcon>
            <ListItemText primary={entry.title} />
          </MenuItem>
        ))}
        {sessionEntries.length > 0 ? <Divider /> : null}
        {dashboardLink ? (
          <MenuItem {...navLinkProps(dashboardLink)} onClick={close} data-testid="user-menu-dashboard">
            <ListItemIcon>
              <DashboardOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('header.user.dashboard')} />
          </MenuItem>
        ) : null}
        <MenuItem
          component="a"
          href={profileUrl(user.did, locale)}
          onClick={close}
          data-testid="user-menu-profile"
        >
          <ListItemIcon>
            <PersonOutline fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('header.user.profile')} />
        </MenuItem>
        <MenuItem
          data-testid="user-menu-sign-out"
          onClick={() => {
            close();
            onSignOut();
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('header.user.signOut')} />
        </MenuItem>
      </Menu>
    </>
  );
}
