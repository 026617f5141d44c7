// Line items priced against the catalog: shared by checkout sessions, payment links and subscriptions,
// so links never import checkout (a checkout is started from a link, not the other way round).
export {
  checkTotal,
  loadPrices,
  payableCurrencies,
  priceOf,
  resolveLineItems,
  sessionTotals,
  toRuleItem,
} from './lines.js';
export type { PriceMap } from './lines.js';
