// Line items priced against the catalog: shared by checkout sessions, payment links and subscriptions,
// so links never import checkout (a checkout is started from a link, not the other way round).
export {
  checkTotal,
  loadPrices,
  payableCurrencies,
  priceOf,
  priceRateIds,
  resolveLineItems,
  sessionTotals,
  toRuleItem,
} from './lines.js';
export type { PriceMap, SessionTotals } from './lines.js';
