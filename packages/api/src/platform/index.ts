export * from './navigation.js';
export * from './notifications.js';
export * from './analytics.js';
