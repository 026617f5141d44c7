// The payers module's public face: other payment modules and flows import only from here.
export { assertPayerChoice, chosenPayer, mayPullFrom, recordWalletPayer } from './service.js';
