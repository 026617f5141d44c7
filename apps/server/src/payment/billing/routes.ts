// Invoices and subscriptions: retrieve (the portal pages and the merchant API) and lists. Every route
// is `customer` auth: a secret key or owner/admin sees the mode's objects, a signed-in customer only
// their own (access.ts), a guest gets 401. `mine` (the portal's reads): the signed-in person's own
// customer only, owner and admin included.
import { billingRoutes as routes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { PaymentContext } from '../shared/context.js';
import { finishPage } from '../shared/list.js';
import { serve } from '../shared/route.js';
import { isMine, mayRead, readable, scopeFor } from './access.js';
import { invoiceDetail, invoiceListItems, subscriptionDetail, subscriptionObjects } from './detail.js';
import { listSubscriptions, pageOfInvoices } from './list-repo.js';
import { getInvoice, getSubscription } from './repo.js';

export function billingRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  serve(app, ctx, routes.invoice, async ({ caller, params, query }) => {
    const { id } = params;
    const load = () => getInvoice(db, id, caller.livemode);
    const row = await readable(db, caller, 'invoice', id, load, isMine(query));
    return invoiceDetail(db, row);
  });

  serve(app, ctx, routes.invoices, async ({ caller, query }) => {
    const scope = await scopeFor(db, caller, isMine(query));
    const customerId = scope.all ? query.customer_id : scope.customerId;
    if (customerId === null) return { list: [], count: 0, subscription: null };
    const { rows, count } = await pageOfInvoices(db, caller.livemode, query, customerId);
    const sub = query.subscription_id
      ? await getSubscription(db, query.subscription_id, caller.livemode)
      : null;
    const [visible] = sub && mayRead(scope, sub.customerId) ? await subscriptionObjects(db, [sub], true) : [];
    return { list: await invoiceListItems(db, rows), count, subscription: visible ?? null };
  });

  serve(app, ctx, routes.subscription, async ({ caller, params, query }) => {
    const { id } = params;
    const load = () => getSubscription(db, id, caller.livemode);
    const row = await readable(db, caller, 'subscription', id, load, isMine(query));
    return subscriptionDetail(db, row);
  });

  serve(app, ctx, routes.subscriptions, async ({ caller, query, request }) => {
    const url = request.url.split('?')[0] ?? '/subscriptions';
    const scope = await scopeFor(db, caller, isMine(query));
    const customerId = scope.all ? query.customer_id : scope.customerId;
    if (customerId === null) return { object: 'list' as const, data: [], has_more: false, url };
    const { rows, page } = await listSubscriptions(db, caller.livemode, {
      ...query,
      customer_id: customerId,
    });
    const answer = finishPage(rows, page, url, (row) => row);
    return { ...answer, data: await subscriptionObjects(db, answer.data, true) };
  });
}
