// The answer of a signed-out start of a payment link, as JSON text assembled from kept parts. Every
// session started from one link shows the same line-item prices and products, payment methods and link
// object; only the session's own fields (ids, timestamps, expiry, totals) differ. Those parts' JSON is
// kept in the catalog cache (cleared on any catalog change, keyed by the link's last update), so a start
// serialises only the session's own fields and its stored line items.
import type { StoredLineItem } from '../../db/schema/index.js';
import { SerializedAnswer } from '../../core/http/serialized.js';
import { expandLineItems, type LinkRow } from '../links/index.js';
import type { PaymentContext } from '../shared/context.js';
import { loadPrices } from '../line-items/index.js';
import { withoutPersonalData } from './privacy.js';
import type { SessionRow } from './repo.js';
import { sessionFields } from './serialize.js';
import { pricedKey, sharedParts } from './view.js';

interface StartTemplate {
  /** By line item (price and upsell price): the JSON its expanded form adds after the stored item. */
  itemTails: Map<string, string>;
  /** The answer after the session: `,"paymentMethods":[…],"paymentLink":{…}}`. */
  rest: string;
}

/** Keys expandLineItems adds to a stored line item (a stored item naming one is built the slow way). */
const EXPANDED_KEYS = ['price', 'upsell_price', 'upsell_offer'];

async function buildTemplate(ctx: PaymentContext, base: string, row: SessionRow): Promise<StartTemplate> {
  const { methods, link } = await sharedParts(ctx, base, row);
  const prices = await loadPrices(ctx.db, row.lineItems, row.livemode);
  const expanded = await expandLineItems(ctx.db, row.lineItems, prices, row.livemode);
  const itemTails = new Map<string, string>();
  row.lineItems.forEach((item, i) => {
    const e = expanded[i];
    if (!e) return;
    const tail = { price: e.price, upsell_price: e.upsell_price, upsell_offer: e.upsell_offer };
    itemTails.set(pricedKey(item), JSON.stringify(tail).slice(1));
  });
  const rest =
    `,"paymentMethods":${JSON.stringify(methods)}` +
    (link ? `,"paymentLink":${JSON.stringify(link)}` : '') +
    '}';
  return { itemTails, rest };
}

/** One stored line item followed by its kept expansion, as `{...item, price, upsell_price, upsell_offer}`. */
function itemJson(item: StoredLineItem, tail: string): string {
  const head = JSON.stringify(item);
  if (tail === '}') return head;
  return head === '{}' ? `{${tail}` : `${head.slice(0, -1)},${tail}`;
}

const LINE_ITEMS_GAP = '"line_items":[]';

/**
 * checkoutView's answer for a signed-out caller and a session just started from `link` (no customer, no
 * payment intent, no personal data), with the same content and key order. Null when a part cannot be
 * taken from the kept template (the caller then builds the answer the usual way).
 */
export async function signedOutStartAnswer(
  ctx: PaymentContext,
  base: string,
  link: LinkRow,
  row: SessionRow,
): Promise<SerializedAnswer | null> {
  if (row.customerId || row.paymentIntentId || row.paymentLinkId !== link.id) return null;
  const key = `${link.id}:${link.updatedAt.getTime()}:${row.livemode}:${base}:${row.lineItems.map(pricedKey).join(',')}`;
  const template = await ctx.catalog.one(ctx.db, 'checkout-start', key, () => buildTemplate(ctx, base, row));
  const items: string[] = [];
  for (const item of row.lineItems) {
    const tail = template.itemTails.get(pricedKey(item));
    if (tail === undefined || EXPANDED_KEYS.some((k) => k in item)) return null;
    items.push(itemJson(item, tail));
  }
  const session = JSON.stringify(withoutPersonalData(sessionFields({ base, mount: ctx.mount }, row, [])));
  // Keys before line_items are scalars, and a quote inside a JSON string is escaped: the first match is
  // the session's own line_items key.
  const at = session.indexOf(LINE_ITEMS_GAP);
  if (at < 0) return null;
  const sessionJson =
    `${session.slice(0, at)}"line_items":[${items.join(',')}]` + session.slice(at + LINE_ITEMS_GAP.length);
  return new SerializedAnswer(`{"checkoutSession":${sessionJson}${template.rest}`);
}
