export * from './navigation.js';
export * from './notifications.js';
