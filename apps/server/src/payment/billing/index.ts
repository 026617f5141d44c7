// The billing module's public face: other payment modules and flows import only from here.
export { billCheckout } from './checkout-billing.js';
export type { BillableLine } from './checkout-billing.js';
export { hasPastDueInvoice } from './past-due.js';
export { invoiceObject } from './serialize.js';
// The billing engine (subscriptions/, clocks/): what flows compose with intents and rails.
export { getInvoice, getSubscription } from './repo.js';
export type { InvoiceRow, SubscriptionRow } from './repo.js';
export { isMine, readable } from './access.js';
export { billTo } from './bill-to.js';
export { invoiceDetail, subscriptionObjects } from './detail.js';
export { billingNow, clockObject, getClock, insertClock, listClocks, setClock } from './clocks/repo.js';
export type { TestClockRow } from './clocks/repo.js';
export { changeSubscription, lockInvoice, lockSubscription } from './subscriptions/lifecycle.js';
export {
  expireGrace,
  recordCollectionFailure,
  recordCollectionSubmitted,
  settleInvoicePaid,
} from './subscriptions/dunning.js';
export { expireIncomplete, markOverdue } from './subscriptions/overdue.js';
export { renewSubscription } from './subscriptions/renewal.js';
export {
  cancelSubscription,
  pauseSubscription,
  recoverSubscription,
  resumeSubscription,
  unpauseSubscription,
  updateSubscription,
} from './subscriptions/actions.js';
export { createSubscription } from './subscriptions/create.js';
export { invoiceAction } from './subscriptions/invoice-actions.js';
// Plan changes, their preview and metered usage.
export { upcomingInvoiceOf } from './subscriptions/upcoming.js';
export { checkCustomerItems, planOptionsOf } from './subscriptions/plan-options.js';
export { recordUsage } from './subscriptions/usage.js';
export { pendingUsage } from './subscriptions/pending-usage.js';
export { billUsageThresholds } from './subscriptions/threshold.js';
export { pageOfInvoices } from './list-repo.js';
// The customer portal (portal/): scoped reads, the past-due rule and the invoice writes of bulk pay.
export { mayRead, ownScope, scopeFor, scopeOf } from './access.js';
export { itemsOfInvoice } from './repo.js';
export { invoiceListItems } from './detail.js';
export { isPastDue, PAST_DUE_STATUSES } from './past-due.js';
export { updateInvoice } from './subscriptions/lifecycle.js';
// Batch renewal (the real-time tick and test clock advances).
export { renewDueBatch } from './subscriptions/renewal-batch.js';
export type { BatchOptions } from './subscriptions/renewal-batch.js';
export type { RenewOutcome } from './subscriptions/renewal.js';
export { hasPaidBefore } from './paid-before.js';
