import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/AppProviders';
import { coreResources } from './app/i18n/coreResources';
import { bindLazyMessages } from './platform/i18n/lazyMessages';
import { createQueryClient } from './app/queryClient';
import { installFetchTracker } from './header/progress/requestTracker';
import { AppRouter } from './app/router/AppRouter';
import { preloadRouteCode } from './app/router/preloadRoute';
import { bindDocumentLanguage, createI18n } from './platform/i18n/createI18n';
import { detectLocale } from './platform/locale/detectLocale';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The page-load progress bar follows GET requests: fetch is wrapped here, once.
installFetchTracker();
preloadRouteCode(window.location.pathname);

const i18n = createI18n(detectLocale(), coreResources);
bindLazyMessages(i18n);
bindDocumentLanguage(i18n);

createRoot(container).render(
  <StrictMode>
    <AppProviders i18n={i18n} queryClient={createQueryClient()}>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
