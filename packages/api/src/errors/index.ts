export * from './shape.js';
export * from './codes.js';
export * from './catalog.js';
export type { CodeText } from './text.js';
