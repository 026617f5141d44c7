// Opening (or reusing) the batch a caller asked for: one open invoice, or one currency's overdue
// invoices of a subscription or customer. A signed-in person, owner and admin included, names only
// their own customer's (anyone else's id answers as missing); a secret key any of the mode's unless
// `ownOnly` (the browser wallet pays only for the customer who signed in).
import type { OverdueBatchBody } from '@payshelf/api';
import { ApiError } from '../../core/http/errors.js';
import { getSubscription, ownScope, readable } from '../billing/index.js';
import { getCustomer, getCustomerByDid } from '../customers/index.js';
import type { IntentRow } from '../intents/index.js';
import type { Caller, PaymentContext } from '../shared/context.js';
import { openBatch } from './batch.js';

async function scopeFor(ctx: PaymentContext, caller: Caller, ownOnly: boolean) {
  if (!ownOnly) return ownScope(ctx.db, caller);
  const own = caller.did ? await getCustomerByDid(ctx.db, caller.did, caller.livemode) : null;
  return { all: false, customerId: own?.id ?? null } as const;
}

export async function openBatchFor(
  ctx: PaymentContext,
  caller: Caller,
  body: OverdueBatchBody,
  ownOnly = false,
): Promise<IntentRow> {
  const { db } = ctx;
  if (!body.subscriptionId && !body.customerId) {
    throw ApiError.of('overdue_scope_missing', {});
  }
  const scope = await scopeFor(ctx, caller, ownOnly);
  let customerId = body.customerId;
  if (body.subscriptionId) {
    const subId = body.subscriptionId;
    const load = () => getSubscription(db, subId, caller.livemode);
    const sub = await readable(db, caller, 'subscription', subId, load, true);
    if (customerId && customerId !== sub.customerId) throw ApiError.of('subscription_missing', { id: subId });
    customerId = sub.customerId;
  }
  const customer = customerId ? await getCustomer(db, customerId, caller.livemode) : null;
  if (!customer || !(scope.all || scope.customerId === customer.id)) {
    throw ApiError.of('portal_customer_missing', { id: customerId ?? '' });
  }
  return db.transaction((tx) =>
    openBatch(tx, caller.livemode, {
      customerId: customer.id,
      currencyId: body.currencyId,
      ...(body.subscriptionId ? { subscriptionId: body.subscriptionId } : {}),
      ...(body.invoiceId ? { invoiceId: body.invoiceId } : {}),
    }),
  );
}
