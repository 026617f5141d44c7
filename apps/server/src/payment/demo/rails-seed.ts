// Test mode with demo data: the rails' local test services (a card method on the local Stripe, a
// Bitcoin method on the regtest chain) added to the demo catalog, each with its currency, and offered on
// the one-time demo links. Added once per rail kind and database (also to a catalog seeded before);
// on each start the method follows the service this process runs (its port may differ).
import { eq } from 'drizzle-orm';
import type { Services } from '../../services.js';
import { instanceSettings } from '../../db/schema/index.js';
import { addPriceCurrency, getPrice, getProduct } from '../catalog/index.js';
import { methodRails, type DemoMethod } from '../intents/index.js';
import type { MethodRails } from '../methods/index.js';
import { getLink } from '../links/index.js';
import { changeMethod, createCurrency, createMethod, getMethod } from '../methods/index.js';
import type { Tx } from '../shared/db.js';
import type { DemoKind } from './catalog.js';

export const DEMO_RAILS_KEY = 'payment.demo.rails';
/** The demo links whose prices the rails' currencies are offered on (one-time payments only). */
const OFFERED: readonly DemoKind[] = ['one_time', 'cross_sell', 'credit'];

interface RailsRecord {
  methods: Record<string, { methodId: string; currencyId: string }>;
}

/** The one-time prices of the offered demo links, their cross-sells included. */
async function offeredPrices(tx: Tx, links: Array<{ kind: DemoKind; id: string }>): Promise<string[]> {
  const ids = new Set<string>();
  for (const { id } of links.filter((l) => OFFERED.includes(l.kind))) {
    const link = await getLink(tx, id, false);
    for (const item of link?.lineItems ?? []) {
      const price = await getPrice(tx, item.price_id, false);
      if (!price || price.type !== 'one_time') continue;
      ids.add(price.id);
      const product = await getProduct(tx, price.productId, false);
      if (product?.crossSellsToId) ids.add(product.crossSellsToId);
    }
  }
  return [...ids];
}

async function addDemoMethod(tx: Tx, rails: MethodRails, demo: DemoMethod, priceIds: string[]) {
  const method = await createMethod(tx, false, demo.method, rails);
  const currency = await createCurrency(tx, false, {
    payment_method_id: method.id,
    symbol: demo.currency.symbol,
    name: demo.currency.name,
    decimal: demo.currency.decimals,
    maximum_precision: demo.currency.precision,
    type: 'standard',
  });
  for (const id of priceIds) {
    const price = await getPrice(tx, id, false);
    if (!price?.active || price.type !== 'one_time') continue;
    // Prices without a fixed amount (a donation's custom amount) are left to the base token.
    if (price.customUnitAmount || price.billingScheme !== 'per_unit') continue;
    const amount = demo.fromBaseUnits(BigInt(price.unitAmount));
    if (amount <= 0n) continue;
    await addPriceCurrency(tx, id, false, { currency_id: currency.id, unit_amount: amount.toString() });
  }
  return { methodId: method.id, currencyId: currency.id };
}

/** Adds (once) and follows the rails' demo methods; the demo catalog itself is seeded before. */
export async function seedDemoRails(
  services: Services,
  links: Array<{ kind: DemoKind; id: string }>,
): Promise<void> {
  const demos = services.rails.demoMethods();
  if (demos.length === 0) return;
  const rails = methodRails(services.rails, false);
  await services.database.db.transaction(async (tx) => {
    await tx
      .insert(instanceSettings)
      .values({ key: DEMO_RAILS_KEY, value: { methods: {} } })
      .onConflictDoNothing();
    // Processes starting together add each method once: the second waits here, then sees it.
    const [row] = await tx
      .select()
      .from(instanceSettings)
      .where(eq(instanceSettings.key, DEMO_RAILS_KEY))
      .for('update');
    const record = (row?.value ?? { methods: {} }) as RailsRecord;
    const priceIds = await offeredPrices(tx, links);
    for (const demo of demos) {
      const known = record.methods[demo.kind];
      if (!known) {
        record.methods[demo.kind] = await addDemoMethod(tx, rails, demo, priceIds);
        services.log.info({ kind: demo.kind, name: demo.method.name }, 'demo payment method added');
      } else if (await getMethod(tx, known.methodId, false)) {
        await changeMethod(tx, known.methodId, false, { settings: demo.method.settings }, rails);
      }
    }
    await tx.update(instanceSettings).set({ value: record }).where(eq(instanceSettings.key, DEMO_RAILS_KEY));
  });
}
