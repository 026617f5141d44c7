// The openapi module's public face: other payment modules and flows import only from here.
export type { OpenApiRegistry } from './registry.js';
