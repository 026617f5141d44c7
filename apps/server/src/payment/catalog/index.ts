// The catalog module's public face: other payment modules and flows import only from here.
export { addPriceCurrency, createPrice } from './price-service.js';
export { createProduct } from './product-service.js';
export { getPrice, getPrices, getProduct, getProducts, switchCandidates } from './repo.js';
export type { PriceRow } from './repo.js';
export { serializePrice, toRulePrice } from './serialize.js';
export { releaseExpiredStock, releaseStock, reserveStock, sellReservedStock } from './stock.js';
