// The methods module's public face: other payment modules and flows import only from here.
export { activeMethodsWithCurrencies, getCurrency, getMethod } from './repo.js';
export type { CurrencyRow, MethodRow } from './repo.js';
export type { MethodRails } from './service.js';
export { serializeCurrency, serializeMethod } from './serialize.js';
export { changeMethod, createCurrency, createMethod, requireCurrency, sealStoredSecrets } from './service.js';
