import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, promotionCodes } from '../../src/db/schema/index.js';
import { startChain, type TestChain } from '../support/chain.js';
import { signInOwnerAliceBob, type TestBrowser } from '../support/identity.js';
import { browserCall, seedChainCatalog, submitBody, type Catalog } from './pay-support.js';
import { createPrice, createProduct, startPaymentEnv, type PaymentTestEnv } from './support.js';

// Promotion codes at checkout: apply and remove on an open session (totals recomputed), the code's
// restrictions, and redemptions counted exactly once when 50 checkouts complete at the same moment.
let env: PaymentTestEnv;
let chain: TestChain;
let alice: TestBrowser;
let cat: Catalog;
let price: string;
const db = () => env.server.server.services.database.db;

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  cat = await seedChainCatalog(env.test, chain, chain.freshAddress());
  [, alice] = await signInOwnerAliceBob(env.server.url);
  price = await createPrice(env.test, cat.currencyId, await createProduct(env.test), {
    unit_amount: '2000000',
  });
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

async function coupon(body: Record<string, unknown>): Promise<string> {
  const res = await env.test('POST', '/coupons', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.id);
}
async function code(couponId: string, text: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await env.test('POST', '/promotion-codes', {
    body: { coupon_id: couponId, code: text, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.id);
}
async function session(allow = true, quantity = 1): Promise<string> {
  const res = await env.test('POST', '/checkout-sessions', {
    body: { line_items: [{ price_id: price, quantity }], allow_promotion_codes: allow },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.id);
}
const apply = (cs: string, text: string) =>
  env.anonymous('PUT', `/checkout-sessions/${cs}/promotion-code`, { body: { code: text } });

describe('applying a promotion code', () => {
  it('recomputes the totals, refuses what the code does not allow, and removes', async () => {
    await code(await coupon({ percent_off: '12.5' }), 'SAVE125', {
      restrictions: { minimum_amount: '3000000', minimum_amount_currency_id: cat.currencyId },
    });
    const closed = await apply(await session(false), 'SAVE125');
    expect(closed.body.error?.code).toBe('promotion_codes_not_allowed');
    const cs = await session(true, 1);
    expect((await apply(cs, 'NOPE')).body.error?.code).toBe('promotion_code_invalid');
    const small = await apply(cs, 'SAVE125');
    expect(small.body.error).toMatchObject({ code: 'promotion_code_invalid', param: 'code' });
    expect(small.body.error?.message).toMatch(/minimum amount/);

    const big = await session(true, 2);
    const applied = await apply(big, 'save125');
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({
      amount_subtotal: '4000000',
      amount_total: '3500000',
      total_details: {
        amount_discount: '500000',
        breakdown: { discounts: [{ amount: '500000', percent_off: '12.5', code: 'SAVE125' }] },
      },
    });
    const removed = await env.anonymous('DELETE', `/checkout-sessions/${big}/promotion-code`);
    expect(removed.body).toMatchObject({ amount_total: '4000000', total_details: { amount_discount: '0' } });
  });

  it('a changed code cancels the waiting payment intent', async () => {
    await code(await coupon({ amount_off: '100000', currency_id: cat.currencyId }), 'TENTH');
    const cs = await session();
    const submitted = await browserCall(alice, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
    expect(submitted.status).toBe(200);
    const intent = (submitted.body.paymentIntent as { id: string }).id;
    const applied = await apply(cs, 'TENTH');
    expect(applied.body).toMatchObject({ amount_total: '1900000', payment_intent_id: null });
    const old = await env.test('GET', `/payment-intents/${intent}`);
    if (old.status === 200) expect(old.body.status).toBe('canceled');
    const again = await browserCall(alice, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
    expect((again.body.paymentIntent as { amount: string }).amount).toBe('1900000');
    const [held] = await db()
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.checkoutSessionId, cs));
    expect(held?.status).toBe('reserved');
    // The merchant expires it: the reservation is given back.
    expect((await env.test('PUT', `/checkout-sessions/${cs}/expire`)).status).toBe(200);
    const [row] = await db().select().from(promotionCodes).where(eq(promotionCodes.code, 'TENTH'));
    expect(row?.timesRedeemed).toBe(0);
  });

  it('refuses a second use by one customer when the code allows one', async () => {
    await code(await coupon({ percent_off: '5' }), 'ONCEEACH', { restrictions: { per_customer_limit: 1 } });
    const first = await session();
    const second = await session();
    expect((await apply(first, 'ONCEEACH')).status).toBe(200);
    expect((await apply(second, 'ONCEEACH')).status).toBe(200);
    expect(
      (await browserCall(alice, 'PUT', `/checkout-sessions/${first}/submit`, submitBody(cat))).status,
    ).toBe(200);
    const refused = await browserCall(alice, 'PUT', `/checkout-sessions/${second}/submit`, submitBody(cat));
    expect(refused.body.error).toMatchObject({ code: 'promotion_code_invalid' });
    expect(refused.body.error?.message).toMatch(/already used/);
  });
});

describe('redemption limit', () => {
  it('counts exactly max_redemptions of 50 concurrent completions', async () => {
    const free = await coupon({ percent_off: '100', max_redemptions: 10 });
    await code(free, 'FREE10');
    const sessions = await Promise.all(Array.from({ length: 50 }, () => session()));
    for (const cs of sessions) expect((await apply(cs, 'FREE10')).body.amount_total).toBe('0');
    const answers = await Promise.all(
      sessions.map((cs) => browserCall(alice, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat))),
    );
    const completed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 400);
    expect(completed.length).toBe(10);
    expect(refused.length).toBe(40);
    for (const a of refused) expect(a.body.error?.code).toBe('promotion_code_invalid');
    for (const a of answers) expect(a.status).toBeLessThan(500);
    const [row] = await db().select().from(coupons).where(eq(coupons.id, free));
    expect(row?.timesRedeemed).toBe(10);
    const redeemed = await db().select().from(couponRedemptions).where(eq(couponRedemptions.couponId, free));
    expect(redeemed.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 'redeemed'));
    // The invoice of a completed one carries the discount.
    const done = completed[0]?.body.checkoutSession as { id: string };
    const view = await env.test('GET', `/checkout-sessions/${done.id}`);
    expect(view.body.status).toBe('complete');
    const invoice = await env.test('GET', `/invoices/${String(view.body.invoice_id)}`);
    expect(invoice.body).toMatchObject({ subtotal: '2000000', total_discount: '2000000', total: '0' });
  });
});
