import {
  checkDonationAmount,
  checkQuantity,
  customUnitAmountFor,
  DonationAmountError,
  quantityBounds,
  toDecimalString,
  unitAmountFor,
  usesCustomUnitAmount,
} from '@payshelf/money';
import { ApiError } from '../../core/http/errors.js';
import type { StoredLineItem } from '../../db/schema/index.js';
import type { Db } from '../../db/database.js';
import { getPrice, getProducts, type PriceRow } from '../catalog/index.js';
import { toRulePrice } from '../catalog/index.js';
import { getLink } from '../links/index.js';
import { requireCurrency } from '../methods/index.js';
import type { DbLike } from '../shared/db.js';
import { newId } from '../shared/ids.js';
import { checkAmountPrecision, moneyRule, throwIfRule } from '../shared/rules.js';
import { loadPrices, priceOf, toRuleItem } from '../line-items/index.js';
import { mutateSession } from './mutate.js';
import type { SessionRow } from './repo.js';

type ChangeKey =
  | 'line_with_price_missing'
  | 'line_item_missing'
  | 'upsell_not_offered'
  | 'upsell_unavailable'
  | 'cross_sell_not_offered'
  | 'quantity_not_adjustable'
  | 'custom_amount_not_allowed';
const bad = (key: ChangeKey, param: string) => ApiError.of(key, {}, { param });

/** PUT upsell {from, to}: the line on price `from` switches to its upsell price `to`. */
export function upsell(db: Db, id: string, from: string, to: string): Promise<SessionRow> {
  return mutateSession(db, id, async ({ tx, row, items, prices }) => {
    const item = items.find((i) => i.price_id === from);
    if (!item) throw bad('line_with_price_missing', 'from');
    if (item.upsell_price_id === to) return items;
    if (priceOf(prices, from).upsellsToId !== to) throw bad('upsell_not_offered', 'to');
    const target = await getPrice(tx, to, row.livemode);
    if (!target?.active) throw bad('upsell_unavailable', 'to');
    const rule = toRulePrice(target);
    moneyRule('to', () => unitAmountFor(rule, row.currencyId));
    throwIfRule(checkQuantity(rule, item.quantity), 'to');
    item.upsell_price_id = to;
    return items;
  });
}

/** PUT downsell {from}: switching back from the upsell price (given as either price id). */
export function downsell(db: Db, id: string, from: string): Promise<SessionRow> {
  return mutateSession(db, id, ({ items }) => {
    const item = items.find((i) => i.upsell_price_id === from) ?? items.find((i) => i.price_id === from);
    if (!item) throw bad('line_with_price_missing', 'from');
    item.upsell_price_id = null;
    return items;
  });
}

/** The cross-sell offer: the first line's product names a price that is sellable and not in the cart. */
export async function crossSellOffer(db: DbLike, row: SessionRow): Promise<PriceRow | null> {
  const prices = await loadPrices(db, row.lineItems, row.livemode);
  const products = await getProducts(
    db,
    [...prices.values()].map((p) => p.productId),
    row.livemode,
  );
  const inCart = new Set(row.lineItems.flatMap((i) => [i.price_id, i.upsell_price_id]));
  for (const item of row.lineItems.filter((i) => !i.cross_sell)) {
    const product = products.find((p) => p.id === prices.get(item.price_id)?.productId);
    const target = product?.crossSellsToId ? await getPrice(db, product.crossSellsToId, row.livemode) : null;
    if (!target?.active || inCart.has(target.id)) continue;
    const sellable = (() => {
      try {
        unitAmountFor(toRulePrice(target), row.currencyId);
        return true;
      } catch {
        return false;
      }
    })();
    if (sellable) return target;
  }
  return null;
}

/** PUT cross-sell {to}: adds the offered price as a cross-sell line. */
export function addCrossSell(db: Db, id: string, to: string): Promise<SessionRow> {
  return mutateSession(db, id, async ({ tx, row, items }) => {
    if (items.some((i) => i.price_id === to && i.cross_sell)) return items;
    const offer = await crossSellOffer(tx, row);
    if (offer?.id !== to) throw bad('cross_sell_not_offered', 'to');
    throwIfRule(checkQuantity(toRulePrice(offer), 1), 'to');
    const line: StoredLineItem = {
      id: newId('li'),
      price_id: to,
      quantity: 1,
      adjustable_quantity: null,
      upsell_price_id: null,
      cross_sell: true,
      custom_amount: null,
    };
    return [...items, line];
  });
}

/**
 * A checkout whose cross-sell is required is paid only with the offered item in the cart: while it is
 * offered and not added, paying is refused with REQUIRE_CROSS_SELL (the page shakes its summary).
 */
export async function assertCrossSellTaken(db: DbLike, row: SessionRow): Promise<void> {
  if (row.crossSellBehavior !== 'required' || row.lineItems.some((i) => i.cross_sell)) return;
  if (await crossSellOffer(db, row)) {
    throw ApiError.of('REQUIRE_CROSS_SELL', {});
  }
}

/** DELETE cross-sell: removes it, unless the checkout requires it (REQUIRE_CROSS_SELL). */
export function removeCrossSell(db: Db, id: string): Promise<SessionRow> {
  return mutateSession(db, id, ({ row, items }) => {
    if (!items.some((i) => i.cross_sell)) return items;
    if (row.crossSellBehavior === 'required') {
      throw ApiError.of('REQUIRE_CROSS_SELL', {});
    }
    return items.filter((i) => !i.cross_sell);
  });
}

/** PUT adjust-quantity {itemId, quantity}: stock, per-checkout limit, then the field's bounds. */
export function adjustQuantity(db: Db, id: string, itemId: string, quantity: number): Promise<SessionRow> {
  return mutateSession(db, id, ({ items, prices }) => {
    const item = items.find((i) => i.id === itemId) ?? items.find((i) => i.price_id === itemId);
    if (!item) throw bad('line_item_missing', 'itemId');
    if (!item.adjustable_quantity?.enabled) {
      throw bad('quantity_not_adjustable', 'itemId');
    }
    const rule = toRuleItem(item, prices);
    throwIfRule(checkQuantity(rule.upsell_price ?? rule.price, quantity), 'quantity');
    const { min, max } = quantityBounds(rule);
    if (quantity < min || quantity > max) {
      throw ApiError.of(
        'quantity_out_of_range',
        { min: String(min), max: String(max) },
        { param: 'quantity' },
      );
    }
    item.quantity = quantity;
    return items;
  });
}

/**
 * PUT amount {priceId, amount}: the pay-what-you-want amount of a line, in smallest units, within the
 * currency's precision and the donation bounds (donations) or the price's minimum and maximum. With
 * `currencyId` the amount is in that currency and the session moves to it first.
 */
export function setAmount(
  db: Db,
  id: string,
  priceId: string,
  amount: bigint,
  currencyId?: string,
): Promise<SessionRow> {
  return mutateSession(
    db,
    id,
    async ({ tx, row, items, prices }) => {
      const item = items.find((i) => (i.upsell_price_id ?? i.price_id) === priceId);
      if (!item) throw bad('line_with_price_missing', 'priceId');
      const rule = { ...toRuleItem(item, prices), custom_amount: null };
      if (!usesCustomUnitAmount(rule)) throw bad('custom_amount_not_allowed', 'priceId');
      const currency = await requireCurrency(tx, row.currencyId, row.livemode);
      checkAmountPrecision(amount, currency, 'amount');
      const link = row.paymentLinkId ? await getLink(tx, row.paymentLinkId, row.livemode) : null;
      if (row.submitType === 'donate' && link?.donationSettings) {
        const settings = link.donationSettings;
        throwIfRule(
          moneyRule('amount', () => checkDonationAmount(amount, settings, currency.decimal)),
          'amount',
        );
      } else {
        const custom = moneyRule('priceId', () =>
          customUnitAmountFor(rule.upsell_price ?? rule.price, row.currencyId),
        );
        const min = custom?.minimum ?? 0n;
        const max = custom?.maximum ?? null;
        if (amount < min || (max !== null && amount > max)) {
          const err = new DonationAmountError(
            toDecimalString(min, currency.decimal),
            max === null ? '∞' : toDecimalString(max, currency.decimal),
          );
          throwIfRule(err, 'amount');
        }
      }
      item.custom_amount = amount.toString();
      return items;
    },
    { currencyId },
  );
}
