// The idempotency module's public face: other payment modules and flows import only from here.
export { runIdempotent } from './service.js';
