// The lines a subscription bills: each item priced in the subscription's currency (a licensed item
// for a whole period in advance, 0 during a trial), and on a renewal each metered item's usage of the
// period that ended (billed in arrears, by the price's aggregate_usage). The renewal invoice and its
// preview (upcoming.ts) both build their lines here, so the preview is the invoice.
import { lineTotal, type BillingItem } from '@payshelf/money';
import { getPrices, toRulePrice, type PriceRow } from '../../catalog/index.js';
import type { PaymentContext } from '../../shared/context.js';
import type { DbLike } from '../../shared/db.js';
import { moneyRule } from '../../shared/rules.js';
import { itemsOfSubscriptions, type SubscriptionRow } from '../repo.js';
import { usageOfPeriod } from './usage.js';

export interface ItemInput {
  priceId: string;
  quantity: number;
}

/** An item with its price row and its amount for one whole period (0 for a metered price). */
export interface PricedItem extends BillingItem {
  price: PriceRow;
  metered: boolean;
}

export interface BilledLine {
  priceId: string;
  quantity: number;
  amount: bigint;
  periodStart: Date;
  periodEnd: Date;
  proration: boolean;
  metered: boolean;
  description: string | null;
}

export const isMetered = (price: PriceRow) => price.recurringUsageType === 'metered';

/** Prices the items in `currencyId`; a missing price throws (the caller checked them). */
export async function priceItems(
  ctx: Pick<PaymentContext, 'db'>,
  items: readonly ItemInput[],
  currencyId: string,
  livemode: boolean,
): Promise<PricedItem[]> {
  const rows = await getPrices(ctx.db, [...new Set(items.map((i) => i.priceId))], livemode);
  return priceWith(new Map(rows.map((r) => [r.id, r])), items, currencyId);
}

/** priceItems with the price rows at hand (a batch renewal loads them once for all its subscriptions). */
export function priceWith(
  byId: ReadonlyMap<string, PriceRow>,
  items: readonly ItemInput[],
  currencyId: string,
): PricedItem[] {
  return items.map((item, index) => {
    const price = byId.get(item.priceId);
    if (!price) throw new Error(`price ${item.priceId} is missing`);
    const metered = isMetered(price);
    const amount = metered
      ? 0n
      : moneyRule(`items.${index}.price_id`, () =>
          lineTotal({ price: toRulePrice(price), quantity: item.quantity }, currencyId),
        );
    return { priceId: item.priceId, quantity: item.quantity, amount, price, metered };
  });
}

/** The subscription's current items, priced in its currency. */
export async function currentItems(ctx: Pick<PaymentContext, 'db'>, tx: DbLike, sub: SubscriptionRow) {
  const rows = (await itemsOfSubscriptions(tx, [sub.id])).get(sub.id) ?? [];
  const priced = await priceItems(
    ctx,
    rows.map((r) => ({ priceId: r.priceId, quantity: r.quantity })),
    sub.currencyId,
    sub.livemode,
  );
  return { rows, priced };
}

/** The amount of `usage` units of a metered price (its unit or tiers, as a licensed quantity). */
export function meteredAmount(price: PriceRow, usage: number, currencyId: string): bigint {
  if (usage <= 0) return 0n;
  const rule = toRulePrice(price);
  const licensed = {
    ...rule,
    recurring: rule.recurring ? { ...rule.recurring, usage_type: 'licensed' } : null,
  };
  return lineTotal({ price: licensed as typeof rule, quantity: usage }, currencyId);
}

export interface LinesInput {
  /** The items billed (the current ones, or a proposed change in a preview). */
  items: readonly PricedItem[];
  /** The period licensed items are billed for. */
  period: { start: Date; end: Date };
  /** A trial bills every line at 0. */
  trial: boolean;
  /** A renewal: metered items bill the usage of the subscription's current (ending) period. */
  metered: boolean;
}

/**
 * The lines of a period invoice: licensed items for `period`; metered items (on a renewal) with the
 * usage recorded in the subscription's current period on that price's item. A metered price without
 * usage gives a 0 line, so every item shows.
 */
export async function periodInvoiceLines(
  tx: DbLike,
  sub: SubscriptionRow,
  input: LinesInput,
): Promise<BilledLine[]> {
  const usage =
    input.metered && sub.status !== 'trialing'
      ? await usageOfPeriod(tx, sub, { start: sub.currentPeriodStart, end: sub.currentPeriodEnd })
      : new Map<string, number>();
  const meteredLine = (price: PriceRow, used: number): BilledLine => ({
    priceId: price.id,
    quantity: used,
    amount: input.trial ? 0n : meteredAmount(price, used, sub.currencyId),
    periodStart: sub.currentPeriodStart,
    periodEnd: sub.currentPeriodEnd,
    proration: false,
    metered: true,
    description: null,
  });
  const lines = input.items.map((item): BilledLine => {
    if (item.metered && input.metered) return meteredLine(item.price, usage.get(item.priceId) ?? 0);
    return {
      priceId: item.priceId,
      quantity: item.quantity,
      amount: input.trial ? 0n : item.amount,
      periodStart: input.period.start,
      periodEnd: input.period.end,
      proration: false,
      metered: false,
      description: null,
    };
  });
  // Usage of items removed during the period (no longer among the items) bills at its price.
  const billed = new Set(input.items.map((i) => i.priceId));
  const removed = [...usage].filter(([priceId, used]) => used > 0 && !billed.has(priceId));
  if (removed.length === 0) return lines;
  const prices = await getPrices(
    tx,
    removed.map(([priceId]) => priceId),
    sub.livemode,
  );
  for (const [priceId, used] of removed) {
    const price = prices.find((p) => p.id === priceId);
    if (price && isMetered(price)) lines.push(meteredLine(price, used));
  }
  return lines;
}
