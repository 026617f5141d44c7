export * from './bounds.js';
export * from './common.js';
export * from './errors/index.js';
export * from './host.js';
export * from './payment/index.js';
export * from './platform/index.js';
export * from './identity.js';
export * from './account.js';
export * from './web-pages.js';
export * from './store/manifest.js';
export * from './store/catalog.js';
export * from './store/developer.js';
export * from './store/connect.js';
// The route table (one entry per operation) and the typed client built on it.
export * from './routes/index.js';
export * from './client.js';
