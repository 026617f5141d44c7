export { adminViewRoutes } from './routes.js';
