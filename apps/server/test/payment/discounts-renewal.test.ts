import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../src/db/schema/index.js';
import { advance, invoicesOf, newClock } from './billing-support.js';
import {
  createPrice,
  createProduct,
  seedCurrency,
  startPaymentEnv,
  type Answer,
  type PaymentTestEnv,
} from './support.js';

// A subscription keeps its coupon for the coupon's duration across renewals on a test clock (once:
// the first invoice only; repeating 2 months: invoices before start + 2 months; forever), with its
// exclusive tax computed on the discounted amount of each renewal.
let env: PaymentTestEnv;
let currencyId: string;
let methodId: string;
let price: string;
let vat: string;
const db = () => env.server.server.services.database.db;
const MARCH_1 = '2027-03-01T00:00:00.000Z';

function ok(res: Answer, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  env = await startPaymentEnv();
  const seeded = await seedCurrency(env.test);
  currencyId = seeded.currencyId;
  methodId = String(seeded.method.id);
  price = await createPrice(env.test, currencyId, await createProduct(env.test), {
    unit_amount: '1000000',
    recurring: { interval: 'month' },
  });
  vat = String(
    ok(
      await env.test('POST', '/tax-rates', {
        body: { display_name: 'Tax', percentage: '10', inclusive: false },
      }),
      'rate',
    ).id,
  );
});
afterAll(async () => {
  await env?.stop();
});

/** A monthly subscription on its own clock whose first invoice took the coupon (as a checkout's does). */
async function subscribeWith(coupon: Record<string, unknown>) {
  const couponId = String(
    ok(await env.test('POST', '/coupons', { body: { percent_off: '50', ...coupon } }), 'coupon').id,
  );
  const clock = await newClock(env.test, MARCH_1);
  const customer = ok(await env.test('POST', '/customers', { body: { name: 'Renewer' } }), 'customer');
  const sub = ok(
    await env.test('POST', '/subscriptions', {
      body: {
        customer_id: customer.id,
        items: [{ price_id: price, quantity: 1 }],
        currency_id: currencyId,
        payment_method_id: methodId,
        collection_method: 'send_invoice',
        test_clock_id: clock,
      },
    }),
    'subscription',
  );
  const id = String(sub.id);
  await db()
    .update(subscriptions)
    .set({ couponId, discountStart: new Date(MARCH_1), discountInvoices: 1, taxRateIds: [vat] })
    .where(eq(subscriptions.id, id));
  return { id, clock };
}

async function payOpen(subscriptionId: string) {
  for (const invoice of await invoicesOf(db(), subscriptionId)) {
    if (invoice.status === 'open') {
      ok(await env.test('POST', `/invoices/${invoice.id}/pay`, { body: { paid_out_of_band: true } }), 'pay');
    }
  }
}

/** The cycle invoices' (discount, tax, total) in period order after the clock reaches each month. */
async function renewals(sub: { id: string; clock: string }) {
  for (const month of ['2027-04-01', '2027-05-01', '2027-06-01']) {
    await payOpen(sub.id);
    await advance(env.test, sub.clock, `${month}T00:00:00.000Z`);
  }
  const rows = (await invoicesOf(db(), sub.id)).filter((i) => i.billingReason === 'subscription_cycle');
  return rows.map((i) => [i.totalDiscount, i.totalTax, i.total]);
}

describe('coupon duration across renewals', () => {
  it('once: no renewal is discounted', async () => {
    expect(await renewals(await subscribeWith({ duration: 'once' }))).toEqual([
      [0n, 100000n, 1100000n],
      [0n, 100000n, 1100000n],
      [0n, 100000n, 1100000n],
    ]);
  });

  it('repeating 2 months: the April renewal only (May 1 is start + 2 months)', async () => {
    expect(await renewals(await subscribeWith({ duration: 'repeating', duration_in_months: 2 }))).toEqual([
      [500000n, 50000n, 550000n],
      [0n, 100000n, 1100000n],
      [0n, 100000n, 1100000n],
    ]);
  });

  it('forever: every renewal, the tax on the discounted amount', async () => {
    const sub = await subscribeWith({ duration: 'forever' });
    expect(await renewals(sub)).toEqual([
      [500000n, 50000n, 550000n],
      [500000n, 50000n, 550000n],
      [500000n, 50000n, 550000n],
    ]);
    const [latest] = (await invoicesOf(db(), sub.id)).slice(-1);
    const shown = ok(await env.test('GET', `/invoices/${latest?.id ?? ''}`), 'invoice');
    expect(shown).toMatchObject({
      subtotal: '1000000',
      total_discount: '500000',
      total_tax: '50000',
      total: '550000',
      total_breakdown: { taxes: [{ tax_rate_id: vat, amount: '50000', inclusive: false }] },
    });
  });
});
