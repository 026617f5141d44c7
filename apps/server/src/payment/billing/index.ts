// The billing module's public face: other payment modules and flows import only from here.
export { billCheckout } from './checkout-billing.js';
export type { BillableLine } from './checkout-billing.js';
export { hasPastDueInvoice } from './past-due.js';
export { invoiceObject } from './serialize.js';
