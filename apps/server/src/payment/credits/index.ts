// The credits module's public face: flows consume credit for meter events and grant bought credit.
export { availableCredit, payWithCredit, type CreditPayment } from './pay.js';
export { consumeForEvents, type CreditEvent, type Shortfall } from './consume.js';
export { expireGrants, grantBought, type CreditConfig } from './service.js';
export { serializeGrant } from './serialize.js';
