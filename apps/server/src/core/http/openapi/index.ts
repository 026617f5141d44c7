// The OpenAPI kit every part (payment, store, platform) renders its document with.
export {
  OpenApiRegistry,
  operationIdOf,
  type AccessPolicy,
  type DocumentedRoute,
  type FileRoute,
} from './registry.js';
export { serveOpenApi } from './route.js';
