import type { LineItem, PaymentLink } from '@payshelf/api';
import { getPrices, getProducts } from '../catalog/index.js';
import { serializePrice } from '../catalog/index.js';
import type { PriceMap } from '../line-items/index.js';
import type { StoredLineItem } from '../../db/schema/index.js';
import type { DbLike as Db } from '../shared/db.js';
import { iso } from '../shared/time.js';
import type { LinkRow } from './repo.js';

/**
 * Line items with their price, upsell price and (while not switched) the upsell on offer embedded,
 * each with its product.
 */
export async function expandLineItems(
  db: Db,
  items: StoredLineItem[],
  given: PriceMap,
  livemode: boolean,
): Promise<LineItem[]> {
  const offerIds = items
    .filter((i) => !i.upsell_price_id)
    .map((i) => given.get(i.price_id)?.upsellsToId)
    .filter((id): id is string => Boolean(id) && !given.has(id as string));
  const prices: PriceMap = new Map(given);
  for (const row of offerIds.length ? await getPrices(db, offerIds, livemode) : []) prices.set(row.id, row);
  const products = new Map(
    (
      await getProducts(
        db,
        [...prices.values()].map((p) => p.productId),
        livemode,
      )
    ).map((p) => [p.id, p]),
  );
  const price = (id: string) => {
    const row = prices.get(id);
    return row ? serializePrice(row, products.get(row.productId)) : undefined;
  };
  return items.map((item) => ({
    ...item,
    price: price(item.price_id),
    upsell_price: item.upsell_price_id ? (price(item.upsell_price_id) ?? null) : null,
    upsell_offer: offerOf(item, prices, price),
  }));
}

/** The active upsell a line could switch to, or null once switched or when none is offered. */
function offerOf(
  item: StoredLineItem,
  prices: PriceMap,
  price: (id: string) => LineItem['price'],
): LineItem['upsell_offer'] {
  if (item.upsell_price_id) return null;
  const target = prices.get(item.price_id)?.upsellsToId;
  const row = target ? prices.get(target) : undefined;
  return row?.active ? (price(row.id) ?? null) : null;
}

export function checkoutUrl(base: string, mount: string, id: string): string {
  return `${base}${mount}/checkout/pay/${id}`;
}

export function serializeLink(row: LinkRow, lineItems: LineItem[], url: string): PaymentLink {
  return {
    id: row.id,
    object: 'payment_link',
    livemode: row.livemode,
    active: row.active,
    name: row.name,
    currency_id: row.currencyId,
    line_items: lineItems,
    after_completion: row.afterCompletion,
    donation_settings: row.donationSettings,
    allow_promotion_codes: row.allowPromotionCodes,
    submit_type: row.submitType,
    cross_sell_behavior: row.crossSellBehavior,
    billing_address_collection: row.billingAddressCollection,
    phone_number_collection: { enabled: row.phoneNumberCollection },
    subscription_data: row.subscriptionData,
    url,
    metadata: row.metadata as PaymentLink['metadata'],
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
