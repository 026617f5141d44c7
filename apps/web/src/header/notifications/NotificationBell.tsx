import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NOTIFICATIONS_PATH } from '../../platform/session/sessionLinks';
import { bellHref } from './unreadCount';
import { useUnreadNotifications } from './useUnreadNotifications';

/** The bell with the live unread badge; links to the centre with `read=true/false`. */
export function NotificationBell({ did }: { did: string }) {
  const { t } = useTranslation();
  const unread = useUnreadNotifications(did);
  // The name says the count as the badge shows it ("99+" above 99), so what is seen is what is read.
  const label =
    unread > 0
      ? t('header.notifications.bellUnread', { unread: unread > 99 ? '99+' : String(unread) })
      : t('header.notifications.bell');
  return (
    <Tooltip title={label}>
      <IconButton
        component={RouterLink}
        to={bellHref(NOTIFICATIONS_PATH, unread)}
        color="inherit"
        aria-label={label}
        data-testid="notification-bell"
        data-unread={unread}
      >
        {/* No count in the page when nothing is unread: the link's name then is just "Notifications". */}
        <Badge
          badgeContent={unread > 0 ? unread : undefined}
          color="error"
          max={99}
          data-testid="notification-badge"
        >
          <NotificationsOutlined />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
