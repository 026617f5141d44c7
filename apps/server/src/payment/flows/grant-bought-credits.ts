// A completed checkout of a credit price grants its credit: credit_amount x quantity of the price's
// `metadata.credit_config` (in that credit currency's units) to the paying customer, in the
// transaction that completes the session; once per (session, price), so completing twice grants once.
import { getPrices } from '../catalog/index.js';
import type { SessionRow } from '../checkout/index.js';
import { grantBought, type CreditConfig } from '../credits/index.js';
import type { DbLike } from '../shared/db.js';

function creditConfigOf(metadata: Record<string, unknown>): CreditConfig | null {
  const config = metadata.credit_config;
  if (!config || typeof config !== 'object') return null;
  const c = config as Record<string, unknown>;
  return typeof c.credit_amount === 'string' && typeof c.currency_id === 'string'
    ? (config as CreditConfig)
    : null;
}

export async function grantCheckoutCredits(
  tx: DbLike,
  session: SessionRow,
  customerId: string | null,
  subscriptionId: string | null,
  now: Date,
): Promise<void> {
  if (!customerId) return;
  const items = session.lineItems.map((i) => ({
    priceId: i.upsell_price_id ?? i.price_id,
    quantity: i.quantity,
  }));
  const prices = await getPrices(
    tx,
    items.map((i) => i.priceId),
    session.livemode,
  );
  for (const item of items) {
    const price = prices.find((p) => p.id === item.priceId);
    const config = price ? creditConfigOf(price.metadata) : null;
    if (!price || !config) continue;
    await grantBought(
      tx,
      {
        livemode: session.livemode,
        customerId,
        sourceId: session.id,
        priceId: price.id,
        quantity: item.quantity,
        config,
        subscriptionId: price.recurringInterval ? subscriptionId : null,
      },
      now,
    );
  }
}
