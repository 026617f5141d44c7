// The store's route table (see define.ts): catalog, developer and console entries.
export * from './define.js';
export { storePublicRoutes } from './public.js';
export { storeDeveloperRoutes, storeUploadRoutes } from './developer.js';
export { storeConsoleRoutes } from './console.js';
export { storeConnectRoutes } from './connect.js';
