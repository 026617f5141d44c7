// The route table of the payment API (see define.ts). Grouped by area; each entry is one operation.
export * from './define.js';
export { billingRoutes } from './billing.js';
export { checkoutRoutes, customerBrowserRoutes } from './checkout.js';
export { crud, type CrudTable } from './crud.js';
export { merchantRoutes } from './merchant.js';
export { billingAdminRoutes } from './billing-admin.js';
export { portalRoutes } from './portal.js';
export { adminViewRoutes } from './admin-views.js';
export { instanceRoutes } from './instance.js';
export { eventRoutes } from './events.js';
export { billingWriteRoutes } from './billing-writes.js';
export { balanceRoutes } from './balances.js';
export { railWebhookRoutes, railWebhookAnswer } from './rail-webhooks.js';
export * from './store/index.js';
export * from './platform/index.js';
export { meterRoutes, meterEventRoutes } from './usage.js';
export { creditRoutes } from './credits.js';
export { discountRoutes } from './discounts.js';
