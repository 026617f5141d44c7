// Merchant API of the customer credit balance: the ledger, newest first, and manual adjustments.
import {
  customerBalanceTransaction,
  customerBalanceTransactionCreate,
  customerBalanceTransactionList,
  customerBalanceTransactionListQuery,
} from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireCustomer } from '../customers/index.js';
import { requireCurrency } from '../methods/index.js';
import type { PaymentContext } from '../shared/context.js';
import { finishPage } from '../shared/list.js';
import { defineRoute } from '../shared/route.js';
import { listTransactions } from './repo.js';
import { adjust, serializeBalanceTransaction } from './service.js';

const tag = 'Customer balance';

export function balanceRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/customers/:id/balance-transactions',
    auth: 'merchant',
    tag,
    summary: 'A page of the customer’s credit balance movements, newest first (`currency_id` filters)',
    body: z.object({}),
    query: customerBalanceTransactionListQuery,
    response: customerBalanceTransactionList,
    handler: async ({ caller, params, query, request }) => {
      const customer = await requireCustomer(db, params.id ?? '', caller.livemode);
      const { rows, page } = await listTransactions(db, caller.livemode, customer.id, query);
      return finishPage(rows, page, request.url.split('?')[0] ?? '', serializeBalanceTransaction);
    },
  });
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/customers/:id/balance-transactions',
    auth: 'merchant',
    tag,
    summary: 'Adjust the customer’s credit balance (a debit beyond the balance is refused)',
    body: customerBalanceTransactionCreate,
    query: z.object({}),
    response: customerBalanceTransaction,
    handler: async ({ caller, params, body }) => {
      const customer = await requireCustomer(db, params.id ?? '', caller.livemode);
      const currency = await requireCurrency(db, body.currency_id, caller.livemode, 'currency_id');
      const owner = { livemode: caller.livemode, customerId: customer.id, currencyId: currency.id };
      const row = await adjust(db, owner, {
        amount: BigInt(body.amount),
        description: body.description ?? null,
        metadata: body.metadata ?? {},
      });
      return serializeBalanceTransaction(row);
    },
  });
}
