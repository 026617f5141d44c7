import { LinearProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressTimer } from './progressTimer';
import { subscribeRequests } from './requestTracker';

/** A thin bar at the top while the page loads, and again for slow GET requests and socket connects. */
export function PageProgressBar() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = new ProgressTimer(setVisible);
    timer.begin(true);
    const unsubscribe = subscribeRequests({ begin: () => timer.begin(), end: () => timer.end() });
    const finishLoad = () => timer.end();
    if (document.readyState === 'complete') queueMicrotask(finishLoad);
    else window.addEventListener('load', finishLoad, { once: true });
    return () => {
      unsubscribe();
      window.removeEventListener('load', finishLoad);
      timer.dispose();
    };
  }, []);
  if (!visible) return null;
  return (
    <LinearProgress
      aria-label={t('header.progress.label')}
      data-testid="page-progress"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        zIndex: (theme) => theme.zIndex.tooltip + 2,
      }}
    />
  );
}
