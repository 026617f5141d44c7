// The checkout module's public face: other payment modules and flows import only from here.
export { assertNotOthersSession, ownCustomer } from './customer.js';
export { loadPrices, priceOf, resolveLineItems, toRuleItem } from '../line-items/index.js';
export type { PriceMap } from '../line-items/index.js';
export { assertOpen } from './mutate.js';
export { withoutPersonalData } from './privacy.js';
export { getSession, updateSession } from './repo.js';
export type { SessionRow } from './repo.js';
export { sessionObject } from './serialize.js';
export { readSession } from './service.js';
export { ACCOUNT_CHANGED, assertMayPay } from './submit.js';
export { submitCheckout } from './submit.js';
export type { CompleteFree } from './submit.js';
export { checkoutAllowanceOffer } from './allowance-offer.js';
