import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/db/schema/index.js';
import { startChain, type TestChain } from '../support/chain.js';
import { signInOwnerAliceBob, type TestBrowser } from '../support/identity.js';
import { browserCall, newSession, seedChainCatalog, submitBody, type Catalog } from './pay-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// Issue 10 defect 8: a checkout session id is shared freely, so submit changes only the signed-in
// user's own customer, and the session shows personal data only to its own customer; saved details
// are replaced only when the form says so.
let env: PaymentTestEnv;
let chain: TestChain;
let alice: TestBrowser;
let bob: TestBrowser;
let cat: Catalog;
const db = () => env.server.server.services.database.db;

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  cat = await seedChainCatalog(env.test, chain, chain.freshAddress());
  [, alice, bob] = await signInOwnerAliceBob(env.server.url);
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

const submit = (who: TestBrowser, cs: string, extra: Record<string, unknown> = {}) =>
  browserCall(who, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat, extra));

async function customerRow(id: string) {
  const [row] = await db().select().from(customers).where(eq(customers.id, id));
  return row;
}

describe('checkout personal data', () => {
  it("Bob submitting Alice's session is refused and Alice's customer stays as it was", async () => {
    const cs = await newSession(env.test, cat.priceId);
    const mine = await submit(alice, cs, { customer_phone: '+1 555 0100' });
    expect(mine.status).toBe(200);
    const aliceId = (mine.body.customer as { id: string }).id;
    const before = await customerRow(aliceId);

    const hijack = await submit(bob, cs, { customer_name: 'Mallory', customer_email: 'mallory@example.com' });
    expect(hijack.status).toBe(403);
    expect(hijack.body.error).toMatchObject({ code: 'checkout_session_other_customer' });
    expect(JSON.stringify(hijack.body)).not.toContain('alice@example.com');
    expect(await customerRow(aliceId)).toEqual(before);
    // Nor may Bob prove a payer on it.
    const proof = await browserCall(bob, 'POST', `/checkout-sessions/${cs}/payer-challenge`, {
      payment_method: cat.methodId,
      address: chain.address(3),
    });
    expect(proof.status).toBe(403);
  });

  it("retrieve shows the customer and email only to the session's own customer", async () => {
    const cs = await newSession(env.test, cat.priceId);
    expect((await submit(alice, cs)).status).toBe(200);
    const anonymous = await env.anonymous('GET', `/checkout-sessions/retrieve/${cs}`);
    const other = await browserCall(bob, 'GET', `/checkout-sessions/retrieve/${cs}`);
    for (const view of [anonymous, other]) {
      expect(view.status).toBe(200);
      expect(view.body.customer).toBeUndefined();
      expect(view.body.checkoutSession).toMatchObject({ customer_email: null });
      expect(JSON.stringify(view.body)).not.toMatch(
        /alice@example\.com|Alice Example|did:|z1[1-9A-Za-z]{20,}/,
      );
    }
    const own = await browserCall(alice, 'GET', `/checkout-sessions/retrieve/${cs}`);
    expect(own.body.customer).toMatchObject({ email: 'alice@example.com' });
    expect(own.body.checkoutSession).toMatchObject({ customer_email: 'alice@example.com' });
    // The merchant's secret key still sees everything.
    expect((await env.test('GET', `/checkout-sessions/${cs}`)).body).toMatchObject({
      customer_email: 'alice@example.com',
    });
  });

  it('keeps saved details over what was typed unless the form says replace', async () => {
    const cs = await newSession(env.test, cat.priceId);
    const typed = { customer_name: 'Typed Before Sign-in', customer_email: 'typed@example.com' };
    const kept = await submit(alice, cs, typed);
    expect(kept.status).toBe(200);
    expect(kept.body.customer).toMatchObject({ name: 'Alice Example', email: 'alice@example.com' });
    const replaced = await submit(alice, cs, { ...typed, customer_update: 'replace' });
    expect(replaced.body.customer).toMatchObject({
      name: 'Typed Before Sign-in',
      email: 'typed@example.com',
    });
    await submit(alice, cs, { customer_update: 'replace' });
  });
});
