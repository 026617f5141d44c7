import { Box, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeText } from './noticeText';
import { TOAST_AUTO_HIDE_MS } from '../../platform/ui/toast';
import { notificationUrl } from '../../platform/session/sessionLinks';
import { toastDecision, toastVariant, type AppNotification } from './notificationModel';

/** Shows a toast for a live notification when SPEC.md section 4 allows it; a click opens it in the centre. */
export function useNotificationToast() {
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  return useCallback(
    (notification: AppNotification) => {
      const text = noticeText(notification, t);
      const { show, persist } = toastDecision(notification, navigator.userAgent);
      if (!show) return;
      const open = () => window.open(notificationUrl(notification), '_blank', 'noopener');
      enqueueSnackbar(
        <Box
          data-testid="notification-toast"
          role="link"
          tabIndex={0}
          onClick={open}
          onKeyDown={(event) => {
            if (event.key === 'Enter') open();
          }}
          sx={{ cursor: 'pointer', minWidth: 0 }}
        >
          <Typography sx={{ fontWeight: 600 }}>{text.title}</Typography>
          {text.description ? (
            <Typography variant="body2" sx={{ opacity: 0.9 }}>
              {text.description}
            </Typography>
          ) : null}
        </Box>,
        {
          key: notification.id,
          preventDuplicate: true,
          variant: toastVariant(notification.severity),
          persist,
          autoHideDuration: persist ? null : TOAST_AUTO_HIDE_MS,
          anchorOrigin: { vertical: 'top', horizontal: 'center' },
        },
      );
    },
    [enqueueSnackbar, t],
  );
}
