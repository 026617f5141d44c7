// The customers module's public face: other payment modules and flows import only from here.
export { getCustomer, getCustomerByDid, insertCustomer, updateCustomer } from './repo.js';
export type { CustomerRow } from './repo.js';
export { requireCustomer, serializeCustomer } from './service.js';
export { customerTimes } from './clock-times.js';
