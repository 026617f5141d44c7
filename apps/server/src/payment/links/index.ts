// The links module's public face: other payment modules and flows import only from here.
export { getLink } from './repo.js';
export { topUpLinkFor } from './top-up.js';
export type { LinkRow } from './repo.js';
export { checkoutUrl, expandLineItems } from './serialize.js';
export { createLink, linkObject, requireLink } from './service.js';
