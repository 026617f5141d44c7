// The customer portal's routes: payments, refunds, the overdue invoices of a subscription or customer,
// and the invoice PDF. A signed-in person sees only their own customer's, whatever their role (owner
// and admin included: the portal is their own billing; the admin pages show the mode's); a secret key
// sees the mode's (one customer with customer_id); another customer's id answers like a missing one.
import { portalRoutes as routes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
import { getSubscription, ownScope, readable } from '../billing/index.js';
import { getCustomer } from '../customers/index.js';
import type { PaymentContext } from '../shared/context.js';
import { serve } from '../shared/route.js';
import { batchOf } from './batch.js';
import { openBatchFor } from './batch-for-caller.js';
import { pageOfPayments, pageOfRefunds } from './lists.js';
import { overdueAnswer } from './overdue.js';
import { invoicePdfRoute } from './pdf-route.js';

export function customerPortalRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;

  serve(app, ctx, routes.payments, async ({ caller, query }) => {
    const scope = await ownScope(db, caller);
    const customerId = scope.all ? query.customer_id : scope.customerId;
    if (customerId === null) return { list: [], count: 0 };
    return pageOfPayments(db, caller.livemode, query, customerId);
  });

  serve(app, ctx, routes.refunds, async ({ caller, query }) => {
    const scope = await ownScope(db, caller);
    const customerId = scope.all ? query.customer_id : scope.customerId;
    if (customerId === null) return { list: [], count: 0 };
    return pageOfRefunds(db, caller.livemode, query, customerId);
  });

  serve(app, ctx, routes.subscriptionOverdue, async ({ caller, params }) => {
    const { id } = params;
    const load = () => getSubscription(db, id, caller.livemode);
    const sub = await readable(db, caller, 'subscription', id, load, true);
    const customer = await getCustomer(db, sub.customerId, caller.livemode);
    if (!customer) throw ApiError.of('subscription_missing', { id });
    return overdueAnswer(db, customer, sub);
  });

  serve(app, ctx, routes.customerOverdue, async ({ caller, params }) => {
    const id = params.id.slice(0, 100);
    const scope = await ownScope(db, caller);
    const customer = await getCustomer(db, id, caller.livemode);
    const mine = customer && (scope.all || scope.customerId === customer.id);
    if (!customer || !mine) throw ApiError.of('portal_customer_missing', { id });
    return overdueAnswer(db, customer, null);
  });

  serve(app, ctx, routes.overdueBatch, async ({ caller, body }) => {
    const intent = await openBatchFor(ctx, caller, body);
    const batch = batchOf(intent);
    return {
      id: intent.id,
      status: intent.status,
      amount: intent.amount.toString(),
      currency_id: intent.currencyId,
      invoices: batch?.invoices ?? [],
    };
  });

  invoicePdfRoute(app, ctx);
}
