export * from './platform.js';
export * from './identity.js';
export * from './payment/index.js';
export * from './navigation.js';
export * from './notifications.js';
export * from './analytics.js';
export * from './rails.js';
export * from './store.js';
