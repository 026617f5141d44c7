// The keys module's public face: other payment modules and flows import only from here.
export { authenticateMerchant } from './auth.js';
