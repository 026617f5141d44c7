// The balances module's public face: the renewal engine and flows import only from here.
export {
  adjust,
  applyToInvoice,
  balanceOf,
  balancesOf,
  credit,
  serializeBalanceTransaction,
  unapplyFromInvoice,
} from './service.js';
export type { BalanceOwner, BalanceTransactionRow, CreditInput, InvoiceApplication } from './service.js';
