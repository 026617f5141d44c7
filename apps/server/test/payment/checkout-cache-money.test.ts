import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChain, type TestChain } from '../support/chain.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { browserCall, seedChainCatalog, submitBody, type Catalog, type SubmitAnswer } from './pay-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// The checkout page's reads come from in-memory caches (sessions, catalog). A cache can be stale for a
// moment (a change not yet announced); here it is made stale on purpose, by changing rows with triggers
// off so no notification is sent. The page then shows the old amount, but what the customer is asked to
// pay (the intent and the transfer it signs) is always decided on PostgreSQL's rows under lock.
let env: PaymentTestEnv;
let chain: TestChain;
let browser: TestBrowser;
let cat: Catalog;

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  cat = await seedChainCatalog(env.test, chain, chain.freshAddress(), 1, '9900000');
  browser = new TestBrowser(env.server.url);
  await signIn(browser, newWallet('Alice Example', 'alice@example.com'));
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

/** Runs a statement with triggers off (for its transaction): the change is not announced to any cache. */
async function quietly(statement: SQL): Promise<void> {
  await env.server.server.services.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(statement);
  });
}

async function adjustableSession(): Promise<string> {
  const res = await env.test('POST', '/checkout-sessions', {
    body: {
      line_items: [
        {
          price_id: cat.priceId,
          quantity: 1,
          adjustable_quantity: { enabled: true, minimum: 1, maximum: 20 },
        },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.id);
}

type Shown = {
  checkoutSession: {
    amount_total: string;
    line_items: Array<{ quantity: number; price: { unit_amount: string } }>;
  };
};
async function shown(cs: string): Promise<Shown['checkoutSession']> {
  const res = await env.anonymous('GET', `/checkout-sessions/retrieve/${cs}`);
  expect(res.status).toBe(200);
  return (res.body as unknown as Shown).checkoutSession;
}

async function submit(cs: string): Promise<SubmitAnswer> {
  const res = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as SubmitAnswer;
}

describe('a stale cache cannot change an amount charged', () => {
  it('a session whose cached copy shows 1 × 9.9 is charged for what PostgreSQL holds (3 × 9.9)', async () => {
    const cs = await adjustableSession();
    expect((await shown(cs)).amount_total).toBe('9900000');
    await quietly(
      sql`UPDATE checkout_sessions
             SET line_items = jsonb_set(line_items, '{0,quantity}', '3'),
                 amount_subtotal = 29700000, amount_total = 29700000
           WHERE id = ${cs}`,
    );
    // The page still shows the cached session: the cache is stale.
    const stale = await shown(cs);
    expect(stale.amount_total).toBe('9900000');
    expect(stale.line_items[0]?.quantity).toBe(1);

    const answer = await submit(cs);
    expect(answer.paymentIntent.amount).toBe('29700000');
    expect(answer.paymentTarget.amount).toBe('29700000');
  });

  it('a price whose cached copy shows 9.9 is charged at the price PostgreSQL holds (12)', async () => {
    const cs = await adjustableSession();
    expect((await shown(cs)).line_items[0]?.price.unit_amount).toBe('9900000');
    await quietly(sql`UPDATE prices SET unit_amount = 12000000 WHERE id = ${cat.priceId}`);
    expect((await shown(cs)).line_items[0]?.price.unit_amount).toBe('9900000');

    // A change of quantity is priced under the session's lock from PostgreSQL's price row.
    const adjusted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/adjust-quantity`, {
      itemId: cat.priceId,
      quantity: 2,
    });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    expect(adjusted.body.amount_total).toBe('24000000');
    const answer = await submit(cs);
    expect(answer.paymentIntent.amount).toBe('24000000');
    expect(answer.paymentTarget.amount).toBe('24000000');
  });
});
