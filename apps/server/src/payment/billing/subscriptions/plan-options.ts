// The plans a customer may switch their own subscription to in the portal (Stripe's customer portal
// "update subscription"): the subscription has one licensed item, and a target is another active
// price of that item's product or a price the merchant marked `switchable`, licensed, recurring on the
// subscription's interval and count, with a fixed amount in the subscription's currency. The proration
// itself is plan-change.ts's, the same as a merchant's change.
import type { PlanOption } from '@payshelf/api';
import { ApiError } from '../../../core/http/errors.js';
import { switchCandidates } from '../../catalog/index.js';
import type { PaymentContext } from '../../shared/context.js';
import type { DbLike } from '../../shared/db.js';
import type { SubscriptionRow } from '../repo.js';
import { currentItems, priceWith, type ItemInput } from './lines.js';

type Ctx = Pick<PaymentContext, 'db'>;

/** The plan options of `sub`, cheapest first; none for a subscription of several or metered items. */
export async function planOptionsOf(ctx: Ctx, db: DbLike, sub: SubscriptionRow): Promise<PlanOption[]> {
  const { priced } = await currentItems(ctx, db, sub);
  const [only] = priced;
  if (priced.length !== 1 || !only || only.metered) return [];
  const candidates = await switchCandidates(db, sub.livemode, [only.price.productId]);
  const options: Array<PlanOption & { amount: bigint }> = [];
  for (const { price, product } of candidates) {
    if (price.id === only.priceId) continue;
    if (price.recurringUsageType === 'metered' || price.customUnitAmount) continue;
    if (price.recurringInterval !== sub.recurringInterval) continue;
    if ((price.recurringIntervalCount ?? 1) !== sub.recurringIntervalCount) continue;
    let amount: bigint;
    try {
      const [one] = priceWith(
        new Map([[price.id, price]]),
        [{ priceId: price.id, quantity: 1 }],
        sub.currencyId,
      );
      if (!one) continue;
      amount = one.amount;
    } catch {
      // Not sold in the subscription's currency: not an option.
      continue;
    }
    options.push({
      amount,
      price_id: price.id,
      product_id: product.id,
      product_name: product.name,
      product_metadata: product.metadata,
      nickname: price.nickname,
      unit_amount: amount.toString(),
      same_product: product.id === only.price.productId,
    });
  }
  options.sort((a, b) => (a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0));
  return options.map(({ amount: _amount, ...option }) => option);
}

/**
 * A customer's change keeps to their plan options: every price not already on the subscription must
 * be one of them (a quantity change of the current price needs none), else a 400
 * `subscription_price_not_switchable` naming the item.
 */
export async function checkCustomerItems(
  ctx: Ctx,
  db: DbLike,
  sub: SubscriptionRow,
  items: readonly ItemInput[],
): Promise<void> {
  const { rows } = await currentItems(ctx, db, sub);
  const current = new Set(rows.map((r) => r.priceId));
  const fresh = items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => !current.has(item.priceId));
  if (fresh.length === 0) return;
  const allowed = new Set((await planOptionsOf(ctx, db, sub)).map((o) => o.price_id));
  for (const { item, index } of fresh) {
    if (!allowed.has(item.priceId) || items.length !== 1) {
      throw ApiError.of(
        'sub_price_not_switchable',
        { price: item.priceId.slice(0, 100) },
        { param: `items.${index}.price_id` },
      );
    }
  }
}
