export * from './bounds.js';
export * from './common.js';
export * from './errors.js';
export * from './host.js';
export * from './payment/index.js';
export * from './platform/index.js';
export * from './identity.js';
export * from './store/manifest.js';
