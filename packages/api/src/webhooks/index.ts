// Node-only helpers (node:crypto): imported as `@payshelf/api/webhooks`, never from the browser bundle.
export * from './verify.js';
