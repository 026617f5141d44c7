import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from './analytics';

/** Counts a page view on every route change (the path only: no query, no personal data). */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => trackPageView(pathname), [pathname]);
}
