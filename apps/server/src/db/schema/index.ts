export * from './platform.js';
export * from './payment/index.js';
