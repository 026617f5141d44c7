import { Button, Paper, Stack, Typography } from '@mui/material';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consentCookie, isInIframe, shouldShowBanner, type ConsentValue } from './cookieConsent';
import { removeStaticBanner } from './staticBanner';

interface CookieBannerProps {
  /** Offers a Decline button (off by default). */
  enableDecline?: boolean;
  displayInIframe?: boolean;
}

/**
 * Shown until answered (rendered beside the router, so it comes with the app's first render); bottom right, at most 440 px wide. It floats above the page and its header but
 * below drawers and dialogs, so it never covers a dialog's buttons (a payment dialog before consent).
 */
export function CookieBanner({ enableDecline = false, displayInIframe = false }: CookieBannerProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() =>
    shouldShowBanner({ cookies: document.cookie, inIframe: isInIframe(), displayInIframe }),
  );
  // The page's HTML carries a plain copy of this banner for the first paint: this one replaces it, in the
  // same frame (a layout effect runs before the browser paints).
  useLayoutEffect(removeStaticBanner, []);
  if (!visible) return null;
  const answer = (value: ConsentValue) => {
    document.cookie = consentCookie(value, window.location.protocol);
    setVisible(false);
  };
  return (
    <Paper
      role="region"
      aria-label={t('header.cookie.label')}
      data-testid="cookie-banner"
      elevation={6}
      sx={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        left: { xs: 16, sm: 'auto' },
        maxWidth: 440,
        p: 2,
        zIndex: (theme) => theme.zIndex.appBar + 1,
      }}
    >
      <Typography variant="body2">{t('header.cookie.text')}</Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1.5 }}>
        {enableDecline ? (
          <Button onClick={() => answer('false')} data-testid="cookie-decline">
            {t('header.cookie.decline')}
          </Button>
        ) : null}
        <Button variant="contained" onClick={() => answer('true')} data-testid="cookie-accept">
          {t('header.cookie.accept')}
        </Button>
      </Stack>
    </Paper>
  );
}
