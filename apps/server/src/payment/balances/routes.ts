// Merchant API of the customer credit balance: the ledger, newest first, and manual adjustments; the
// contract is balanceRoutes in @payshelf/api.
import { balanceRoutes as routes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { requireCustomer } from '../customers/index.js';
import { requireCurrency } from '../methods/index.js';
import type { PaymentContext } from '../shared/context.js';
import { finishPage } from '../shared/list.js';
import { serve } from '../shared/route.js';
import { listTransactions } from './repo.js';
import { adjust, serializeBalanceTransaction } from './service.js';

export function balanceRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  serve(app, ctx, routes.balanceTransactions, async ({ caller, params, query, request }) => {
    const customer = await requireCustomer(db, params.id, caller.livemode);
    const { rows, page } = await listTransactions(db, caller.livemode, customer.id, query);
    return finishPage(rows, page, request.url.split('?')[0] ?? '', serializeBalanceTransaction);
  });
  serve(app, ctx, routes.adjustBalance, async ({ caller, params, body }) => {
    const customer = await requireCustomer(db, params.id, caller.livemode);
    const currency = await requireCurrency(db, body.currency_id, caller.livemode, 'currency_id');
    const owner = { livemode: caller.livemode, customerId: customer.id, currencyId: currency.id };
    const row = await adjust(db, owner, {
      amount: BigInt(body.amount),
      description: body.description ?? null,
      metadata: body.metadata ?? {},
    });
    return serializeBalanceTransaction(row);
  });
}
