import type { RouteObject } from 'react-router';
import { paymentRoutes } from '../../payment/routes';
import { authRoutes } from '../../platform/auth/authRoutes';
import { withLoginGuard } from '../../platform/auth/RequireLogin';
import { headerRoutes } from '../../header/headerRoutes';
import { LocaleProvider } from '../../platform/locale/LocaleProvider';
import { LoadingScreen } from '../../platform/ui/LoadingScreen';
import { storeRoutes } from '../../store/routes';
import { isStakingMode, type AppConfig } from '../../platform/config/appConfig';
import { ErrorPage } from '../../platform/ui/ErrorPage';
import { errorRoutes } from '../errors/errorRoutes';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary';
import { AppLayout } from '../layout/AppLayout';

/**
 * Every route of SPEC.md section 2. The outer errorElement catches failures of the layout itself;
 * the inner one keeps the header visible when a page fails. Unknown paths show the 404 page.
 */
export function buildRoutes(config: AppConfig): RouteObject[] {
  return [
    {
      element: (
        <LocaleProvider>
          <AppLayout />
        </LocaleProvider>
      ),
      errorElement: <RouteErrorBoundary />,
      hydrateFallbackElement: <LoadingScreen />,
      children: [
        {
          errorElement: <RouteErrorBoundary />,
          children: [
            ...withLoginGuard(storeRoutes({ staking: isStakingMode(config) })),
            ...paymentRoutes(config.paymentMountPoint),
            ...headerRoutes(),
            ...authRoutes(),
            ...errorRoutes(),
            // Any other path: the 404 page (the server answers such paths with status 404 too).
            { path: '*', element: <ErrorPage code={404} /> },
          ],
        },
      ],
    },
  ];
}
