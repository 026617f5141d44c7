// The openapi module's public face: other payment modules and flows import only from here.
import type { RouteAccess } from '@payshelf/api';
import type { OpenApiRegistry as Registry } from '../../core/http/openapi/index.js';
export { paymentPolicy, AUTH_KINDS } from './policy.js';
export type OpenApiRegistry = Registry<RouteAccess>;
