// POST /subscriptions: a subscription for an existing customer, billed from now (its test clock's now
// when it lives on one). Every item recurs on the same interval; the first invoice
// (subscription_create) bills the first period, or 0 during a trial. Until that invoice is paid the
// subscription is incomplete (collection runs after the commit, in flows).
import type { SubscriptionCreate } from '@payshelf/api';
import { addInterval, lineTotal } from '@payshelf/money';
import { ApiError } from '../../../core/http/errors.js';
import { subscriptions, subscriptionItems } from '../../../db/schema/index.js';
import { getPrices, toRulePrice } from '../../catalog/index.js';
import { getCustomer } from '../../customers/index.js';
import { getCurrency, getMethod } from '../../methods/index.js';
import type { PaymentContext } from '../../shared/context.js';
import { newId } from '../../shared/ids.js';
import { moneyRule } from '../../shared/rules.js';
import { getClock } from '../clocks/repo.js';
import type { InvoiceRow, SubscriptionRow } from '../repo.js';
import { createPeriodInvoice } from './invoicing.js';
import { announceInvoice, changeSubscription } from './lifecycle.js';

type Ctx = Pick<PaymentContext, 'db' | 'services'>;
const DAY_MS = 86_400_000;
const bad = (key: 'subscription_price_not_recurring' | 'subscription_interval_mixed', param: string) =>
  ApiError.of(key, {}, { param });

async function checkedPrices(ctx: Ctx, input: SubscriptionCreate, livemode: boolean) {
  const rows = await getPrices(
    ctx.db,
    input.items.map((i) => i.price_id),
    livemode,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const first = byId.get(input.items[0]?.price_id ?? '');
  for (const [index, item] of input.items.entries()) {
    const price = byId.get(item.price_id);
    if (!price || !price.active) {
      throw ApiError.missing('price_missing', item.price_id, `items.${index}.price_id`);
    }
    if (!price.recurringInterval) throw bad('subscription_price_not_recurring', `items.${index}.price_id`);
    if (
      price.recurringInterval !== first?.recurringInterval ||
      (price.recurringIntervalCount ?? 1) !== (first.recurringIntervalCount ?? 1)
    ) {
      throw bad('subscription_interval_mixed', `items.${index}.price_id`);
    }
    // currency_not_configured (a 400) when the price has no amount in this currency.
    moneyRule(`items.${index}.price_id`, () =>
      lineTotal({ price: toRulePrice(price), quantity: item.quantity }, input.currency_id),
    );
  }
  if (!first?.recurringInterval) throw bad('subscription_price_not_recurring', 'items');
  return { interval: first.recurringInterval, intervalCount: first.recurringIntervalCount ?? 1 };
}

export async function createSubscription(
  ctx: Ctx,
  livemode: boolean,
  input: SubscriptionCreate,
): Promise<{ subscription: SubscriptionRow; invoice: InvoiceRow | null }> {
  const customer = await getCustomer(ctx.db, input.customer_id, livemode);
  if (!customer) throw ApiError.missing('portal_customer_missing', input.customer_id, 'customer_id');
  const method = await getMethod(ctx.db, input.payment_method_id, livemode);
  const currency = await getCurrency(ctx.db, input.currency_id, livemode);
  if (!method?.active)
    throw ApiError.missing('payment_method_missing', input.payment_method_id, 'payment_method_id');
  if (!currency?.active || currency.paymentMethodId !== method.id) {
    throw ApiError.missing('payment_currency_of_method_missing', input.currency_id, 'currency_id');
  }
  const cycle = await checkedPrices(ctx, input, livemode);
  const clockId = input.test_clock_id ?? customer.testClockId;
  if (clockId && livemode) throw ApiError.of('test_clock_live', {});
  const clock = clockId ? await getClock(ctx.db, clockId) : null;
  if (clockId && !clock) throw ApiError.of('test_clock_missing', { id: clockId }, { param: 'test_clock_id' });
  const now = clock?.frozenTime ?? new Date();
  const trialEnd = input.trial_period_days
    ? new Date(now.getTime() + input.trial_period_days * DAY_MS)
    : null;
  const periodEnd =
    trialEnd ?? addInterval(now, { interval: cycle.interval, interval_count: cycle.intervalCount });
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(subscriptions)
      .values({
        id: newId('sub'),
        livemode,
        status: trialEnd ? 'trialing' : 'incomplete',
        customerId: customer.id,
        currencyId: currency.id,
        defaultPaymentMethodId: method.id,
        collectionMethod: input.collection_method,
        description: input.description ?? null,
        recurringInterval: cycle.interval,
        recurringIntervalCount: cycle.intervalCount,
        startDate: now,
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd,
        trialStart: trialEnd ? now : null,
        trialEnd,
        billingCycleAnchor: trialEnd ?? now,
        payer: input.payer ?? null,
        daysUntilDue: input.days_until_due ?? null,
        billingThresholdAmount: input.billing_threshold_amount
          ? BigInt(input.billing_threshold_amount)
          : null,
        testClockId: clock?.id ?? null,
        metadata: input.metadata ?? {},
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('subscription insert failed');
    for (const item of input.items) {
      await tx.insert(subscriptionItems).values({
        id: newId('si'),
        livemode,
        subscriptionId: row.id,
        priceId: item.price_id,
        quantity: item.quantity,
      });
    }
    const invoice = await createPeriodInvoice(ctx, tx, row, {
      reason: 'subscription_create',
      periodStart: now,
      periodEnd,
      now,
      trial: trialEnd !== null,
    });
    if (invoice)
      await announceInvoice(
        ctx,
        tx,
        invoice,
        invoice.status === 'paid' ? 'invoice.paid' : 'invoice.finalized',
      );
    const nothingDue = !trialEnd && invoice?.status === 'paid';
    const subscription = await changeSubscription(ctx, tx, row, {
      ...(nothingDue ? { event: 'invoice_paid' as const } : {}),
      set: { latestInvoiceId: invoice?.id ?? null },
      type: 'customer.subscription.created',
    });
    return { subscription, invoice };
  });
}
