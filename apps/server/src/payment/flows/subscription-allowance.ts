// What the portal shows of the allowance renewals are pulled from: read on chain by the server (never
// taken from the browser), compared with what the next invoices need (the subscription's open
// invoices plus its next renewal), with the approve that grants or renews it. ERC-20 `approve` sets
// the allowance (it does not add), so the offer covers the open invoices and N renewals after them.
import type { SubscriptionAllowanceAnswer } from '@payshelf/api';
import { allowanceCovers, allowancePeriods, normalizeRecurring } from '@payshelf/money';
import { and, eq, sum } from 'drizzle-orm';
import { invoices } from '../../db/schema/index.js';
import {
  changeSubscription,
  lockSubscription,
  upcomingInvoiceOf,
  type SubscriptionRow,
} from '../billing/index.js';
import { allowanceOfferFor, fundsOf, payingWith } from '../intents/index.js';
import { chosenPayer } from '../payers/index.js';
import type { PaymentContext } from '../shared/context.js';

const RENEWING = new Set(['active', 'trialing', 'past_due']);

async function openAmount(ctx: PaymentContext, sub: SubscriptionRow): Promise<bigint> {
  const [row] = await ctx.db
    .select({ total: sum(invoices.amountRemaining) })
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, sub.id), eq(invoices.status, 'open')));
  return BigInt(row?.total ?? 0);
}

function metadataPeriods(metadata: Record<string, unknown> | null): number | undefined {
  const value = Number(metadata?.allowance_periods);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export async function subscriptionAllowanceOf(
  ctx: PaymentContext,
  sub: SubscriptionRow,
): Promise<SubscriptionAllowanceAnswer> {
  const none: SubscriptionAllowanceAnswer = {
    object: 'subscription_allowance',
    subscription_id: sub.id,
    payer: sub.payer,
    remaining: '0',
    needed: '0',
    covers: true,
    offer: null,
  };
  if (
    sub.collectionMethod !== 'charge_automatically' ||
    !RENEWING.has(sub.status) ||
    !sub.defaultPaymentMethodId
  )
    return none;
  const paying = await payingWith(ctx, ctx.db, sub.livemode, sub.defaultPaymentMethodId, sub.currencyId);
  if (!paying.asset.contract) return none;
  const open = await openAmount(ctx, sub);
  const upcoming = sub.cancelAtPeriodEnd ? null : await upcomingInvoiceOf(ctx, sub, {});
  const needed = open + BigInt(upcoming?.amount_due ?? 0);
  // No payer yet (a trial that needed no transfer): the account this customer last proved is theirs.
  const payer = sub.payer ?? (await chosenPayer(ctx.db, sub.customerId, paying.rail, undefined));
  const funds = payer ? await fundsOf(paying, payer, needed) : null;
  const remaining = funds?.allowance ?? 0n;
  const { interval, count } = normalizeRecurring({
    interval: sub.recurringInterval,
    interval_count: sub.recurringIntervalCount,
  });
  const offer = await allowanceOfferFor(paying, {
    perPeriod: BigInt(upcoming?.total ?? 0),
    periods: allowancePeriods(metadataPeriods(sub.metadata)),
    interval,
    intervalCount: count,
    pulledToday: open,
  });
  return {
    ...none,
    payer,
    remaining: remaining.toString(),
    needed: needed.toString(),
    covers: payer !== null && allowanceCovers(remaining, needed),
    offer,
  };
}

/**
 * A subscription without a payer takes the account its customer proved (payers module) once that
 * account's allowance covers the next invoices, so renewals pull from it. The account never comes
 * from the request; a subscription that has a payer keeps it. The adoption is a subscription change
 * like any other: recorded as customer.subscription.updated (previous_attributes: payer null) and
 * pushed on the relay, under the subscription's row lock (a concurrent adoption changes nothing).
 */
export async function adoptAllowancePayer(
  ctx: PaymentContext,
  sub: SubscriptionRow,
): Promise<SubscriptionAllowanceAnswer> {
  const view = await subscriptionAllowanceOf(ctx, sub);
  if (sub.payer !== null || !view.payer || !view.covers) return view;
  const payer = view.payer;
  await ctx.db.transaction(async (tx) => {
    const locked = await lockSubscription(tx, sub.id);
    if (!locked || locked.payer !== null) return;
    await changeSubscription(ctx, tx, locked, { set: { payer }, previous: { payer: null } });
  });
  return view;
}
