import { Box } from '@mui/material';
import { Outlet, ScrollRestoration } from 'react-router';
import { usePageViews } from '../../header/analytics/usePageViews';
import { Footer } from '../../header/Footer';
import { Header } from '../../header/Header';
import { PageProgressBar } from '../../header/progress/PageProgressBar';
import { useSessionUpdates } from '../../platform/auth/useSessionUpdates';
import { SkipLink } from './SkipLink';

const MAIN_ID = 'main-content';

/**
 * The page frame: the shared header (navigation, notifications, user menu), the <main> region the
 * routes render into, the footer and the page-load progress bar (the cookie banner renders beside the
 * router, app/router/AppRouter.tsx, so it shows with the first paint).
 */
export function AppLayout() {
  usePageViews();
  useSessionUpdates();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <PageProgressBar />
      <SkipLink targetId={MAIN_ID} />
      <Header />
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <Footer />
      <ScrollRestoration />
    </Box>
  );
}
