// The customer credit balance (a per-customer, per-currency ledger): its movements, newest first, and
// manual adjustments. Secret keys and a signed-in owner/admin (the admin UI).
import {
  customerBalanceTransaction,
  customerBalanceTransactionCreate,
  customerBalanceTransactionList,
  customerBalanceTransactionListQuery,
} from '../payment/balances.js';
import { route } from './define.js';

const tag = 'Customer balance';

export const balanceRoutes = {
  balanceTransactions: route({
    access: 'merchant',
    tag,
    method: 'GET',
    path: '/customers/:id/balance-transactions',
    summary: 'A page of the customer’s credit balance movements, newest first (`currency_id` filters)',
    query: customerBalanceTransactionListQuery,
    response: customerBalanceTransactionList,
  }),
  adjustBalance: route({
    access: 'merchant',
    tag,
    method: 'POST',
    path: '/customers/:id/balance-transactions',
    summary: 'Adjust the customer’s credit balance (a debit beyond the balance is refused)',
    body: customerBalanceTransactionCreate,
    response: customerBalanceTransaction,
  }),
};
