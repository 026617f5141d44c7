import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { CookieBanner } from '../../header/cookies/CookieBanner';
import { LoadingScreen } from '../../platform/ui/LoadingScreen';
import type { AppConfig } from '../../platform/config/appConfig';
import { useAppConfig } from '../../platform/config/useAppConfig';
import { buildRoutes } from './routes';

type BrowserRouter = ReturnType<typeof createBrowserRouter>;

// One router per configuration object. A cache rather than useMemo: StrictMode calls memo functions
// twice, and every browser router it created would keep listening to history events.
const routers = new WeakMap<AppConfig, BrowserRouter>();

function browserRouterFor(config: AppConfig): BrowserRouter {
  let router = routers.get(config);
  if (!router) {
    router = createBrowserRouter(buildRoutes(config));
    routers.set(config, router);
  }
  return router;
}

/**
 * Loads the runtime configuration, then renders the browser router built from it. The cookie banner
 * (on every page until answered) renders with the very first paint, beside the loading screen and then
 * beside the router, rather than once the configuration and the page's code have arrived: it is often
 * the page's largest text, so this is when the page counts as shown (largest contentful paint).
 */
export function AppRouter() {
  const config = useAppConfig();
  return (
    <>
      {config ? <RouterProvider router={browserRouterFor(config)} /> : <LoadingScreen />}
      <CookieBanner />
    </>
  );
}
