export { adminViewRoutes } from './routes.js';
export { assertDonationEnabled } from './donation-settings.js';
