import { and, eq, sql } from 'drizzle-orm';
import type { Services } from '../../services.js';
import { instanceSettings, paymentCurrencies, paymentMethods } from '../../db/schema/index.js';
import { methodRails, type DemoNetwork } from '../intents/index.js';
import { ApiError } from '../../core/http/errors.js';
import { createPrice } from '../catalog/index.js';
import { createProduct } from '../catalog/index.js';
import { createLink } from '../links/index.js';
import { createMeter } from '../meters/index.js';
import { createCoupon, createPromotionCode } from '../discounts/index.js';
import { createCurrency, createMethod } from '../methods/index.js';
import type { Tx } from '../shared/db.js';
import { DEMO_LINKS, TUSD, type DemoKind } from './catalog.js';
import { seedDemoRails } from './rails-seed.js';

export const DEMO_SETTING_KEY = 'payment.demo';

export interface DemoRecord {
  seededAt: string;
  links: Array<{ kind: DemoKind; id: string }>;
  methodId: string;
  tokenCurrencyId: string;
}

const amount = (units: bigint) => units.toString();

/** A demo product's Chinese texts, kept where the web reads product translations. */
const zh = (name: string, description?: string) => ({
  translations: { zh: description ? { name, description } : { name } },
});

/** The rail's demo network (the one this process runs, else its default address). */
function demoNetworkOf(services: Services): DemoNetwork {
  const network = services.rails.demoNetwork();
  if (!network) throw ApiError.of('demo_no_network', {});
  return network;
}

async function seedCatalog(tx: Tx, services: Services): Promise<Omit<DemoRecord, 'seededAt'>> {
  const network = demoNetworkOf(services);
  const method = await createMethod(tx, false, network.method, methodRails(services.rails, false));
  const currency = (symbol: string, name: string, decimal: number, precision: number, extra = {}) =>
    createCurrency(tx, false, {
      payment_method_id: method.id,
      symbol,
      name,
      decimal,
      maximum_precision: precision,
      type: 'standard',
      ...extra,
    });
  const { token } = network;
  const tusd = await currency(token.symbol, token.name, token.decimals, 2, {
    contract: token.contract,
    is_base_currency: true,
  });
  const eth = await currency(network.coin.symbol, network.coin.name, network.coin.decimals, 6);
  const credits = await currency('CRD', 'Demo credits', 2, 2, { type: 'credit' });

  const product = (name: string, extra: Record<string, unknown> = {}) =>
    createProduct(tx, false, { name, type: 'service', ...extra });
  const price = (productId: string, extra: Record<string, unknown>) =>
    createPrice(tx, false, {
      product_id: productId,
      currency_id: tusd.id,
      billing_scheme: 'per_unit',
      ...extra,
    });
  const link = async (kind: DemoKind, body: Parameters<typeof createLink>[2]) => ({
    kind,
    id: (await createLink(tx, false, { name: DEMO_LINKS[kind].title, ...body }, null)).id,
  });

  const ebook = await product('E-book: Payments from scratch', {
    type: 'good',
    images: [],
    metadata: zh('电子书：从零开始做支付'),
  });
  const ebookPrice = await price(ebook.id, {
    unit_amount: amount(990n * (TUSD / 100n)),
    quantity_available: 100,
    quantity_limit_per_checkout: 10,
    currency_options: [{ currency_id: eth.id, unit_amount: amount(4n * 10n ** 15n) }],
  });
  const team = await product('Team plan', { metadata: zh('团队版') });
  const teamMonthly = await price(team.id, {
    unit_amount: amount(10n * TUSD),
    recurring: { interval: 'month' },
  });
  const pro = await product('Pro plan', { metadata: zh('专业版') });
  const proYearly = await price(pro.id, {
    unit_amount: amount(100n * TUSD),
    recurring: { interval: 'year' },
  });
  const proMonthly = await price(pro.id, {
    unit_amount: amount(10n * TUSD),
    recurring: { interval: 'month' },
    upsell: { upsells_to_id: proYearly.id },
  });
  const api = await product('API calls', { unit_label: 'call', metadata: zh('API 调用') });
  const apiMeter = await createMeter(tx, false, {
    name: 'API calls',
    event_name: 'api_calls',
    unit: 'call',
    aggregation_method: 'sum',
  });
  const apiPrice = await price(api.id, {
    unit_amount: amount(TUSD / 100n),
    recurring: { interval: 'month', usage_type: 'metered', meter_id: apiMeter.id },
  });
  const seats = await product('Seats', { unit_label: 'seat', metadata: zh('席位') });
  const seatPrice = await price(seats.id, {
    billing_scheme: 'tiered',
    tiers_mode: 'graduated',
    recurring: { interval: 'month' },
    tiers: [
      { up_to: 5, unit_amount: amount(8n * TUSD), flat_amount: '0' },
      { up_to: 'inf', unit_amount: amount(6n * TUSD), flat_amount: '0' },
    ],
  });
  const support = await product('Priority support', {
    description: 'Answers within one business day',
    metadata: zh('优先支持', '一个工作日内答复'),
  });
  const supportPrice = await price(support.id, { unit_amount: amount(19n * TUSD) });
  const kit = await product('Starter kit', {
    type: 'good',
    cross_sell: { cross_sells_to_id: supportPrice.id },
    metadata: zh('入门套件'),
  });
  const kitPrice = await price(kit.id, { unit_amount: amount(49n * TUSD) });
  const ai = await product('AI credits', { type: 'credit', metadata: zh('AI 积分') });
  const aiPrice = await price(ai.id, {
    unit_amount: amount(5n * TUSD),
    metadata: { credit_config: { credit_amount: '500', currency_id: credits.id } },
  });
  const tip = await product('Tip the author', { metadata: zh('打赏作者') });
  const tipPrice = await price(tip.id, {
    custom_unit_amount: { presets: [amount(TUSD), amount(5n * TUSD), amount(10n * TUSD)] },
  });

  const links = [
    await link('one_time', {
      line_items: [
        {
          price_id: ebookPrice.id,
          quantity: 1,
          adjustable_quantity: { enabled: true, minimum: 1, maximum: 10 },
        },
      ],
      // The customer may type the demo promotion code WELCOME10 (10% off the first invoice).
      allow_promotion_codes: true,
    }),
    await link('recurring', {
      line_items: [{ price_id: teamMonthly.id, quantity: 1 }],
      subscription_data: { trial_period_days: 7 },
    }),
    await link('upsell', { line_items: [{ price_id: proMonthly.id, quantity: 1 }] }),
    await link('metered', { line_items: [{ price_id: apiPrice.id, quantity: 1 }] }),
    await link('tiered', {
      line_items: [
        {
          price_id: seatPrice.id,
          quantity: 3,
          adjustable_quantity: { enabled: true, minimum: 1, maximum: 50 },
        },
      ],
    }),
    await link('cross_sell', { line_items: [{ price_id: kitPrice.id, quantity: 1 }] }),
    await link('credit', { line_items: [{ price_id: aiPrice.id, quantity: 1 }] }),
    await link('donation', {
      line_items: [{ price_id: tipPrice.id, quantity: 1 }],
      submit_type: 'donate',
      donation_settings: {
        amount: { presets: ['1', '5', '10'], preset: '5', custom: true },
        beneficiaries: [{ name: 'The author', type: 'user', percent: 100 }],
      },
      after_completion: {
        type: 'hosted_confirmation',
        hosted_confirmation: { custom_message: 'Thank you!' },
      },
    }),
  ];
  const welcome = await createCoupon(tx, false, { percent_off: '10', duration: 'once', name: 'Welcome 10%' });
  await createPromotionCode(tx, false, { coupon_id: welcome.id, code: 'WELCOME10' });
  return { links, methodId: method.id, tokenCurrencyId: tusd.id };
}

/**
 * The demo chain may come up on another port (or, after a reset, with TUSD elsewhere) than when the
 * catalog was seeded: point the seeded method and token at the chain this process started. The settings
 * are replaced whole, so a data directory seeded when the RPC doubled as `explorer_host` loses it.
 */
async function followDemoChain(services: Services, record: DemoRecord): Promise<void> {
  const demo = services.rails.demo;
  if (!demo || !record.methodId) return;
  const { db } = services.database;
  await db
    .update(paymentMethods)
    .set({ settings: demo.method.settings, updatedAt: new Date() })
    .where(and(eq(paymentMethods.id, record.methodId), eq(paymentMethods.livemode, false)));
  const [current] = await db
    .select({ contract: paymentCurrencies.contract })
    .from(paymentCurrencies)
    .where(and(eq(paymentCurrencies.id, record.tokenCurrencyId), eq(paymentCurrencies.livemode, false)));
  const recorded = current?.contract;
  if (!recorded || recorded.toLowerCase() === demo.token.contract.toLowerCase()) return;
  // The seeded TUSD still holds balances on this chain: never point the currency at another contract.
  if (await demo.hasContract(recorded)) {
    services.log.warn(
      { recorded, started: demo.token.contract },
      'demo chain: TUSD already deployed at the seeded address; keeping it',
    );
    return;
  }
  await db
    .update(paymentCurrencies)
    .set({ contract: demo.token.contract, updatedAt: new Date() })
    .where(and(eq(paymentCurrencies.id, record.tokenCurrencyId), eq(paymentCurrencies.livemode, false)));
}

/**
 * DEMO_DATA: seeds the test-mode catalog once per database. The marker row is inserted first in the
 * same transaction, so processes starting together seed once (the others wait on it, then skip).
 */
export async function seedDemo(services: Services): Promise<boolean> {
  const { db } = services.database;
  const seeded = await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(instanceSettings)
      .values({ key: DEMO_SETTING_KEY, value: sql`'{}'::jsonb` })
      .onConflictDoNothing()
      .returning({ key: instanceSettings.key });
    if (claimed.length === 0) return false;
    const record: DemoRecord = { seededAt: new Date().toISOString(), ...(await seedCatalog(tx, services)) };
    await tx
      .update(instanceSettings)
      .set({ value: record })
      .where(eq(instanceSettings.key, DEMO_SETTING_KEY));
    services.log.info({ links: record.links.length }, 'demo catalog seeded in test mode');
    return true;
  });
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, DEMO_SETTING_KEY));
  const record = row?.value as DemoRecord | undefined;
  if (!seeded && record) await followDemoChain(services, record);
  // The card and Bitcoin methods of the rails' local services, offered on the one-time links.
  await seedDemoRails(services, record?.links ?? []);
  return seeded;
}
