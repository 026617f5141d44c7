// Pure billing math of subscriptions: periods from an anchor, proration to the second, plan changes
// under each proration_behavior, the customer credit balance on an invoice, and invoice drafts.
export * from './period.js';
export * from './proration.js';
export * from './balance.js';
export * from './invoice.js';
