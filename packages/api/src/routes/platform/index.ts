// The platform's route table (see define.ts).
export * from './define.js';
export { platformIdentityRoutes } from './identity.js';
export { platformNavigationRoutes, platformNotificationRoutes } from './site.js';
