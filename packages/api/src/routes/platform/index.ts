// The platform's route table (see define.ts).
export * from './define.js';
export { platformIdentityRoutes } from './identity.js';
export {
  platformAdminRoutes,
  platformBeaconRoutes,
  platformNavigationRoutes,
  platformNotificationRoutes,
} from './site.js';
export { platformAssetRoutes } from './assets.js';
