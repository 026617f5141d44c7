export * from './common.js';
export * from './catalog.js';
export * from './methods.js';
export * from './customers.js';
export * from './checkout.js';
export * from './keys.js';
export * from './settings.js';
export * from './demo.js';
