export * from './navigation.js';
export * from './notifications.js';
export * from './analytics.js';
export * from './icons.js';
export * from './json.js';
