import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { LoadingScreen } from '../../platform/ui/LoadingScreen';
import type { AppConfig } from '../config/appConfig';
import { useAppConfig } from '../config/useAppConfig';
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

/** Loads the runtime configuration, then renders the browser router built from it. */
export function AppRouter() {
  const config = useAppConfig();
  if (!config) return <LoadingScreen />;
  return <RouterProvider router={browserRouterFor(config)} />;
}
