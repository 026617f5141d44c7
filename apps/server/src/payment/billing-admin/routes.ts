// The payment admin's billing lists: payment intents, refunds, a subscription's timeline (its events
// and its invoices' events) and what lives on one test clock. Secret keys and owners/admins only.
import { billingAdminRoutes as routes } from '@payshelf/api';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  customers,
  events,
  invoices,
  paymentIntents,
  refunds,
  subscriptions,
} from '../../db/schema/index.js';
import { ApiError } from '../../core/http/errors.js';
import { getClock, getSubscription, invoiceObject, readable, subscriptionObjects } from '../billing/index.js';
import { serializeCustomer } from '../customers/index.js';
import { serializeIntent, serializeRefund } from '../intents/index.js';
import type { PaymentContext } from '../shared/context.js';
import { finishPage, pageOf } from '../shared/list.js';
import { serve } from '../shared/route.js';
import { serializeEvent } from '../webhooks/index.js';

const TIMELINE_LIMIT = 100;
const pathOf = (url: string) => url.split('?')[0] ?? url;

export function billingAdminRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;

  serve(app, ctx, routes.paymentIntents, async ({ caller, query, request }) => {
    const page = await pageOf(db, paymentIntents, paymentIntents, caller.livemode, query, [
      query.status ? eq(paymentIntents.status, query.status) : undefined,
      query.customer_id ? eq(paymentIntents.customerId, query.customer_id) : undefined,
      query.currency_id ? eq(paymentIntents.currencyId, query.currency_id) : undefined,
      query.invoice_id ? eq(paymentIntents.invoiceId, query.invoice_id) : undefined,
    ]);
    const rows = await db
      .select()
      .from(paymentIntents)
      .where(page.where)
      .orderBy(...page.orderBy)
      .limit(page.limit);
    return finishPage(rows, page, pathOf(request.url), serializeIntent);
  });

  serve(app, ctx, routes.refunds, async ({ caller, query, request }) => {
    const page = await pageOf(db, refunds, refunds, caller.livemode, query, [
      query.status ? eq(refunds.status, query.status) : undefined,
      query.customer_id ? eq(refunds.customerId, query.customer_id) : undefined,
      query.payment_intent_id ? eq(refunds.paymentIntentId, query.payment_intent_id) : undefined,
    ]);
    const rows = await db
      .select()
      .from(refunds)
      .where(page.where)
      .orderBy(...page.orderBy)
      .limit(page.limit);
    return finishPage(rows, page, pathOf(request.url), serializeRefund);
  });

  serve(app, ctx, routes.subscriptionEvents, async ({ caller, params }) => {
    const sub = await readable(db, caller, 'subscription', params.id, () =>
      getSubscription(db, params.id, caller.livemode),
    );
    const rows = await db
      .select()
      .from(events)
      .where(
        and(
          eq(events.livemode, caller.livemode),
          or(
            eq(events.objectId, sub.id),
            sql`${events.objectId} IN (SELECT ${invoices.id} FROM ${invoices} WHERE ${invoices.subscriptionId} = ${sub.id})`,
          ),
        ),
      )
      .orderBy(desc(events.createdAt), desc(events.id))
      .limit(TIMELINE_LIMIT);
    return { object: 'list' as const, data: rows.map(serializeEvent) };
  });

  serve(app, ctx, routes.testClockObjects, async ({ caller, params }) => {
    const clock = caller.livemode ? null : await getClock(db, params.id);
    if (!clock) throw ApiError.of('test_clock_missing', { id: params.id.slice(0, 100) });
    const [customerRows, subRows, invoiceRows] = await Promise.all([
      // On the clock itself, or through a subscription that lives on it.
      db
        .select()
        .from(customers)
        .where(
          or(
            eq(customers.testClockId, clock.id),
            sql`${customers.id} IN (SELECT ${subscriptions.customerId} FROM ${subscriptions} WHERE ${subscriptions.testClockId} = ${clock.id})`,
          ),
        )
        .limit(TIMELINE_LIMIT),
      db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.testClockId, clock.id))
        .orderBy(desc(subscriptions.createdAt))
        .limit(TIMELINE_LIMIT),
      db
        .select()
        .from(invoices)
        .where(eq(invoices.testClockId, clock.id))
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(TIMELINE_LIMIT),
    ]);
    const objectIds = [...subRows.map((s) => s.id), ...invoiceRows.map((i) => i.id)];
    const eventRows = objectIds.length
      ? await db
          .select()
          .from(events)
          .where(and(eq(events.livemode, false), inArray(events.objectId, objectIds)))
          .orderBy(desc(events.createdAt), desc(events.id))
          .limit(TIMELINE_LIMIT)
      : [];
    return {
      customers: customerRows.map(serializeCustomer),
      subscriptions: await subscriptionObjects(db, subRows, false),
      invoices: invoiceRows.map(invoiceObject),
      events: eventRows.map(serializeEvent),
    };
  });
}
