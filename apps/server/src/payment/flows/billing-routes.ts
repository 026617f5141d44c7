// The billing engine's API: subscriptions (create, update, cancel, resume, recover, pause, unpause),
// the upcoming invoice, usage records, invoice actions (pay, void, mark uncollectible) and test clocks.
// Creating, pausing and invoice actions are for secret keys and owners/admins; update (a customer:
// the plan and the currency of future invoices), the upcoming invoice, cancel, resume, recover and
// pay are `customer` routes: a signed-in customer may call them on their own subscriptions and
// invoices only (anyone else's answers as missing). The contract is billingRoutes and
// billingWriteRoutes in @payshelf/api.
import {
  type SubscriptionRow,
  billingNow,
  cancelSubscription,
  checkCustomerItems,
  planOptionsOf,
  createSubscription,
  getInvoice,
  getSubscription,
  invoiceAction,
  isMine,
  invoiceObject,
  pauseSubscription,
  readable,
  recoverSubscription,
  resumeSubscription,
  subscriptionObjects,
  unpauseSubscription,
  updateSubscription,
  upcomingInvoiceOf,
  recordUsage,
} from '../billing/index.js';
import { billingRoutes, billingWriteRoutes as writes, type SubscriptionUpdate } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import { serve } from '../shared/route.js';
import { notifyInvoiceDue } from './billing-run.js';
import { collectInvoice } from './collect-invoice.js';
import { adoptAllowancePayer, subscriptionAllowanceOf } from './subscription-allowance.js';

/**
 * What a signed-in customer may change of their own subscription: its plan and the currency it is
 * billed in, not its billing terms.
 */
const CUSTOMER_FIELDS = new Set([
  'items',
  'quantity',
  'proration_behavior',
  'proration_date',
  'cancel_at_period_end',
  // The currency and method of future invoices (open and past-due ones keep theirs), among those
  // every price of the subscription is sold in.
  'currency_id',
  'payment_method_id',
]);

function customerMayChange(body: SubscriptionUpdate): void {
  const other = Object.keys(body).find((k) => !CUSTOMER_FIELDS.has(k));
  if (other) throw ApiError.of('billing_merchant_field', { name: other.slice(0, 100) });
  // Without proration an upgrade would apply unpaid: only the merchant may skip it.
  if (body.proration_behavior === 'none') throw ApiError.of('billing_merchant_no_proration', {});
}

const itemInputs = (items: ReadonlyArray<{ price_id: string; quantity: number }>) =>
  items.map((i) => ({ priceId: i.price_id, quantity: i.quantity }));

/** The preview's `items` text (price_id:quantity,…) as items; upcoming.ts checks the quantities. */
const parseItemsText = (text: string) =>
  text.split(',').map((pair) => {
    const [price_id = '', quantity = '0'] = pair.split(':');
    return { price_id, quantity: Number(quantity) };
  });

/** A first or recovery invoice is collected before the answer, waiting this long for the pull to be mined. */
const ANSWER_WAIT_MS = 10_000;

export function billingEngineRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  const { db } = ctx;
  const answer = async (row: SubscriptionRow) => {
    const fresh = (await getSubscription(db, row.id, row.livemode)) ?? row;
    const [json] = await subscriptionObjects(db, [fresh], false);
    return json;
  };
  // With `mine` (the portal's call) an owner/admin too reaches only their own customer's subscription.
  const own = (caller: Caller, id: string, query: { mine?: string }) =>
    readable(db, caller, 'subscription', id, () => getSubscription(db, id, caller.livemode), isMine(query));
  const collectNow = async (invoiceId: string | undefined, clockId: string | null, force = false) => {
    if (!invoiceId) return;
    await collectInvoice(ctx, invoiceId, {
      now: await billingNow(db, clockId),
      force,
      waitMs: ANSWER_WAIT_MS,
    });
  };

  serve(app, ctx, writes.createSubscription, async ({ caller, body }) => {
    const { subscription, invoice } = await createSubscription(ctx, caller.livemode, body);
    if (invoice?.status === 'open' && subscription.collectionMethod === 'charge_automatically') {
      await collectNow(invoice.id, subscription.testClockId);
    } else if (invoice?.status === 'open') await notifyInvoiceDue(ctx, invoice);
    return answer(subscription);
  });

  serve(app, ctx, billingRoutes.subscriptionUpdate, async ({ caller, params, body, query }) => {
    const row = await own(caller, params.id, query);
    if (caller.kind === 'customer') {
      customerMayChange(body);
      if (body.items) await checkCustomerItems(ctx, db, row, itemInputs(body.items));
    }
    const { subscription, invoice } = await updateSubscription(ctx, row.id, caller.livemode, body);
    // A plan change's invoice is due now: pulled at once (charge_automatically) or sent.
    if (invoice?.status === 'open' && subscription.collectionMethod === 'charge_automatically') {
      await collectNow(invoice.id, subscription.testClockId);
    } else if (invoice?.status === 'open') await notifyInvoiceDue(ctx, invoice);
    return answer(subscription);
  });

  serve(app, ctx, billingRoutes.upcomingInvoice, async ({ caller, params, query }) => {
    const row = await own(caller, params.id, query);
    if (caller.kind === 'customer' && query.items) {
      await checkCustomerItems(ctx, db, row, itemInputs(parseItemsText(query.items)));
    }
    return upcomingInvoiceOf(ctx, row, query);
  });

  serve(app, ctx, billingRoutes.subscriptionPlanOptions, async ({ caller, params, query }) => {
    const row = await own(caller, params.id, query);
    return { object: 'list' as const, data: await planOptionsOf(ctx, db, row) };
  });

  serve(app, ctx, billingRoutes.subscriptionAllowance, async ({ caller, params, query }) =>
    subscriptionAllowanceOf(ctx, await own(caller, params.id, query)),
  );
  serve(app, ctx, billingRoutes.subscriptionAllowanceAdopt, async ({ caller, params, query }) =>
    adoptAllowancePayer(ctx, await own(caller, params.id, query)),
  );

  serve(app, ctx, billingRoutes.usageRecordCreate, async ({ caller, params, body }) =>
    recordUsage(ctx, params.id, caller.livemode, body),
  );

  serve(app, ctx, writes.cancelSubscription, async ({ caller, params, body, query }) => {
    const row = await own(caller, params.id, query);
    return answer(await cancelSubscription(ctx, row.id, caller.livemode, body));
  });

  serve(app, ctx, writes.resumeSubscription, async ({ caller, params, query }) => {
    const row = await own(caller, params.id, query);
    return answer(await resumeSubscription(ctx, row.id, caller.livemode));
  });

  serve(app, ctx, writes.recoverSubscription, async ({ caller, params, query }) => {
    const row = await own(caller, params.id, query);
    const { subscription, invoice } = await recoverSubscription(ctx, row.id, caller.livemode);
    if (invoice?.status === 'open' && subscription.collectionMethod === 'charge_automatically') {
      await collectNow(invoice.id, subscription.testClockId);
    }
    return answer(subscription);
  });

  serve(app, ctx, writes.pauseSubscription, async ({ caller, params }) =>
    answer(await pauseSubscription(ctx, params.id, caller.livemode)),
  );
  serve(app, ctx, writes.unpauseSubscription, async ({ caller, params }) =>
    answer(await unpauseSubscription(ctx, params.id, caller.livemode)),
  );

  serve(app, ctx, writes.payInvoice, async ({ caller, params, body, query }) => {
    const { id } = params;
    const load = () => getInvoice(db, id, caller.livemode);
    const row = await readable(db, caller, 'invoice', id, load, isMine(query));
    if (body.paid_out_of_band) {
      if (caller.kind === 'customer') throw ApiError.of('billing_merchant_out_of_band', {});
      return invoiceObject(await invoiceAction(ctx, id, caller.livemode, 'paid_out_of_band'));
    }
    if (row.status !== 'open' && row.status !== 'uncollectible') {
      throw ApiError.of('invoice_state', { status: row.status, action: 'paid' });
    }
    await collectNow(id, row.testClockId, true);
    const after = await getInvoice(db, id, caller.livemode);
    return invoiceObject(after ?? row);
  });

  serve(app, ctx, writes.voidInvoice, async ({ caller, params }) =>
    invoiceObject(await invoiceAction(ctx, params.id, caller.livemode, 'void')),
  );
  serve(app, ctx, writes.markInvoiceUncollectible, async ({ caller, params }) =>
    invoiceObject(await invoiceAction(ctx, params.id, caller.livemode, 'mark_uncollectible')),
  );
}
