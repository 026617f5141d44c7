import { Box } from '@mui/material';
import { ThemeToggleButton } from './addons/ThemeToggleButton';
import { LocaleSelector } from './addons/LocaleSelector';
import { DomainWarning } from './domain/DomainWarning';
import type { ResolvedNavItem } from './nav/navTypes';
import { NotificationBell } from './notifications/NotificationBell';
import { SessionManager } from './session/SessionManager';
import { SignInButton } from './session/SignInButton';
import type { HeaderSession } from '../platform/session/useHeaderSession';
import { useSignOut } from './session/useSignOut';
import { UserMenu } from './session/UserMenu';

interface HeaderAddonsProps {
  session: HeaderSession;
  sessionEntries: ResolvedNavItem[];
  dashboard: ResolvedNavItem[];
}

/** Right side of the bar, in the reference order: domain warning, bell, locale, theme, apps, user. */
export function HeaderAddons({ session, sessionEntries, dashboard }: HeaderAddonsProps) {
  const signOut = useSignOut();
  const { user } = session;
  return (
    <Box
      data-testid="header-addons"
      sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 }, flexShrink: 0 }}
    >
      <DomainWarning role={user?.role} />
      {user ? <NotificationBell did={user.did} /> : null}
      <LocaleSelector />
      <ThemeToggleButton />
      {user ? <SessionManager entries={sessionEntries} role={user.role} /> : null}
      {user ? (
        <UserMenu user={user} sessionEntries={sessionEntries} dashboard={dashboard} onSignOut={signOut} />
      ) : session.initialized ? (
        <SignInButton />
      ) : null}
    </Box>
  );
}
