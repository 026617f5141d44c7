export * from './catalog.js';
export * from './customers.js';
export * from './checkout.js';
export * from './billing.js';
export * from './subscriptions.js';
export * from './events.js';
export * from './keys.js';
