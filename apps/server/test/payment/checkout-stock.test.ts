import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, prices } from '../../src/db/schema/index.js';
import { startChain, type TestChain } from '../support/chain.js';
import { signInOwnerAliceBob, type TestBrowser } from '../support/identity.js';
import { until } from '../support/until.js';
import {
  browserCall,
  newSession,
  seedChainCatalog,
  submitBody,
  type Catalog,
  type SubmitAnswer,
} from './pay-support.js';
import { createPrice, createProduct, startPaymentEnv, type PaymentTestEnv } from './support.js';

// Issue 10 defect 6: two customers paying for the last unit. Submit holds the unit (one atomic
// UPDATE: sold + reserved + q <= available); the hold ends when the session expires (or is changed)
// and becomes sold when the session completes.
let env: PaymentTestEnv;
let chain: TestChain;
let alice: TestBrowser;
let bob: TestBrowser;
let merchant: string;
let cat: Catalog;
let lastUnit: string;
const db = () => env.server.server.services.database.db;

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  merchant = chain.freshAddress();
  cat = await seedChainCatalog(env.test, chain, merchant);
  [, alice, bob] = await signInOwnerAliceBob(env.server.url);
  const product = await createProduct(env.test, { name: 'Signed print' });
  lastUnit = await createPrice(env.test, cat.currencyId, product, {
    unit_amount: '5000000',
    quantity_available: 1,
  });
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

const submit = (who: TestBrowser, cs: string) =>
  browserCall(who, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));

async function stock() {
  const [row] = await db().select().from(prices).where(eq(prices.id, lastUnit));
  return { sold: row?.quantitySold, reserved: row?.quantityReserved };
}

describe('stock of the last unit', () => {
  it('holds it for the first submit, frees it on expiry, sells it once on completion', async () => {
    const first = await newSession(env.test, lastUnit);
    const second = await newSession(env.test, lastUnit);
    expect((await submit(alice, first)).status).toBe(200);
    expect(await stock()).toEqual({ sold: 0, reserved: 1 });
    // Submitting again keeps (not doubles) the hold.
    expect((await submit(alice, first)).status).toBe(200);
    const refused = await submit(bob, second);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'exceed_inventory' });

    // The first session's time runs out (before any sweep): its hold no longer counts.
    await db()
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, first));
    const taken = await submit(bob, second);
    expect(taken.status).toBe(200);
    expect(await stock()).toEqual({ sold: 0, reserved: 1 });

    // The merchant expires the second one: the unit is free again for a third.
    const third = await newSession(env.test, lastUnit);
    expect((await submit(alice, third)).status).toBe(400);
    expect((await env.test('PUT', `/checkout-sessions/${second}/expire`)).status).toBe(200);
    expect(await stock()).toEqual({ sold: 0, reserved: 0 });
    const answer = (await submit(alice, third)).body as unknown as SubmitAnswer;
    const hash = await chain.sendTokenFor(
      answer.paymentIntent.id,
      2,
      chain.tusd.contract ?? '',
      merchant,
      5_000_000n,
    );
    const paid = await browserCall(alice, 'POST', `/checkout-sessions/${third}/tx`, { txHash: hash });
    expect(paid.body).toMatchObject({ status: 'complete' });
    expect(answer.paymentIntent.amount).toBe('5000000');
    expect(await stock()).toEqual({ sold: 1, reserved: 0 });

    // Sold out: a new checkout of it is refused from the start.
    const fourth = await env.test('POST', '/checkout-sessions', {
      body: { line_items: [{ price_id: lastUnit, quantity: 1 }] },
    });
    expect(fourth.body.error).toMatchObject({ code: 'exceed_inventory' });
  });

  it('gives the hold back when the items change; the next submit holds the new quantity', async () => {
    const product = await createProduct(env.test, { name: 'Poster' });
    const two = await createPrice(env.test, cat.currencyId, product, {
      unit_amount: '1000000',
      quantity_available: 2,
    });
    const created = await env.test('POST', '/checkout-sessions', {
      body: {
        line_items: [
          { price_id: two, quantity: 2, adjustable_quantity: { enabled: true, minimum: 1, maximum: 2 } },
        ],
      },
    });
    const mine = String(created.body.id);
    const itemId = (created.body.line_items as Array<{ id: string }>)[0]?.id ?? '';
    const theirs = await newSession(env.test, two);
    expect((await submit(alice, mine)).status).toBe(200);
    expect((await submit(bob, theirs)).body.error).toMatchObject({ code: 'exceed_inventory' });
    const fewer = await browserCall(alice, 'PUT', `/checkout-sessions/${mine}/adjust-quantity`, {
      itemId,
      quantity: 1,
    });
    expect(fewer.status).toBe(200);
    expect((await submit(bob, theirs)).status).toBe(200);
    expect((await submit(alice, mine)).status).toBe(200);
    const [row] = await db().select().from(prices).where(eq(prices.id, two));
    expect(row?.quantityReserved).toBe(2);
  });

  it('a session whose payment is in flight keeps its hold past expiry, and completes without overselling', async () => {
    const slow = await seedChainCatalog(env.test, chain, merchant, 3, '2000000');
    const product = await createProduct(env.test, { name: 'Last mug' });
    const mug = await createPrice(env.test, slow.currencyId, product, {
      unit_amount: '2000000',
      quantity_available: 1,
    });
    const first = await newSession(env.test, mug);
    const second = await newSession(env.test, mug);
    const submitted = await browserCall(alice, 'PUT', `/checkout-sessions/${first}/submit`, submitBody(slow));
    expect(submitted.status).toBe(200);
    const intentId = (submitted.body as unknown as SubmitAnswer).paymentIntent.id;
    const hash = await chain.sendTokenFor(intentId, 2, chain.tusd.contract ?? '', merchant, 2_000_000n);
    const posted = await browserCall(alice, 'POST', `/checkout-sessions/${first}/tx`, { txHash: hash });
    expect(posted.body).toMatchObject({ status: 'open' });
    // Its time runs out while the transfer waits for confirmations: the unit stays held.
    await db()
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, first));
    const refused = await browserCall(bob, 'PUT', `/checkout-sessions/${second}/submit`, submitBody(slow));
    expect(refused.body.error).toMatchObject({ code: 'exceed_inventory' });
    await chain.mine(3);
    await until('in-flight payment completes', async () => {
      const [row] = await db().select().from(prices).where(eq(prices.id, mug));
      return row?.quantitySold === 1 ? row : undefined;
    });
    const [row] = await db().select().from(prices).where(eq(prices.id, mug));
    expect(row).toMatchObject({ quantitySold: 1, quantityReserved: 0 });
  });
});
