import { fromRandom } from '@ocap/wallet';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutSessions,
  invoices,
  paymentAttempts,
  paymentIntents,
  prices,
  railTransactions,
} from '../../src/db/schema/index.js';
import { releaseStock, reserveStock } from '../../src/payment/catalog/index.js';
import { SESSION_COOKIE } from '../../src/platform/identity/guard.js';
import { startChain, type TestChain } from '../support/chain.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { until } from '../support/until.js';
import {
  browserCall,
  newSession,
  provePayer,
  seedChainCatalog,
  submitBody,
  type Catalog,
  type SubmitAnswer,
} from './pay-support.js';
import { createPrice, createProduct, startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// Many buyers at once (issue 10, defect 6 under load): 100 distinct customers submit a checkout of a
// price with 10 units at the same moment, then the accepted ones pay on the chain at the same moment.
// Stock is never oversold, exactly the accepted buyers can pay, each order is charged once and has one
// paid invoice, the refused ones get the stock error and pay nothing, and nothing answers 5xx or stays
// processing. A returning buyer and a newcomer freeing an expired hold at the same moment both succeed
// (they used to deadlock on prices vs stock_reservations). Then one buyer repeats the same submit and
// pay ten times at once (fast pay, and the browser wallet's one transfer): one intent, one charge.
const BUYERS = 100;
const AVAILABLE = 10;
const UNIT = 5_000_000n;

let env: PaymentTestEnv;
let chain: TestChain;
let merchant: string;
let cat: Catalog;
let limited: string;
let buyers: TestBrowser[];
const db = () => env.server.server.services.database.db;
const token = () => chain.tusd.contract ?? '';

/** Runs `task` over `items` with at most `width` at a time (sign-ins are CPU heavy; keep the box usable). */
async function inBatches<T, R>(items: T[], width: number, task: (item: T, i: number) => Promise<R>) {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await task(items[i] as T, i);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return out;
}

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  const started = Date.now();
  merchant = chain.freshAddress();
  cat = await seedChainCatalog(env.test, chain, merchant);
  const product = await createProduct(env.test, { name: 'Limited print' });
  limited = await createPrice(env.test, cat.currencyId, product, {
    unit_amount: UNIT.toString(),
    quantity_available: AVAILABLE,
  });
  const owner = new TestBrowser(env.server.url);
  await signIn(owner, newWallet('Olivia Owner', 'owner@example.com'));
  // A few buyers sign in through DID Connect as a person would; the rest get their session the same
  // way the login action opens one (the identity service), which keeps the file's run time short.
  const { service } = env.server.server.app.identity;
  buyers = await inBatches(
    Array.from({ length: BUYERS }, (_, i) => i),
    8,
    async (i) => {
      const browser = new TestBrowser(env.server.url);
      if (i < 4) {
        await signIn(browser, newWallet(`Buyer ${i}`, `buyer${i}@example.com`));
        return browser;
      }
      const key = fromRandom();
      const profile = {
        fullName: `Buyer ${i}`,
        email: `buyer${i}@example.com`,
        avatar: { kind: 'none' } as const,
      };
      await service.signIn(key.address, key.publicKey, profile);
      const { token } = await service.createSession(key.address, { userAgent: 'test', ip: '127.0.0.1' });
      browser.cookies.set(SESSION_COOKIE, token);
      return browser;
    },
  );
  console.info(`${BUYERS} sign-ins: ${Date.now() - started} ms`);
}, 120_000);
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
}, 60_000);

function noServerErrors(answers: Answer[]) {
  const broken = answers.filter((a) => a.status >= 500);
  expect(
    broken.map((a) => a.body),
    'no 5xx',
  ).toEqual([]);
}

describe('100 buyers for 10 units', () => {
  it('sells at most what is available, charges each accepted order once, refuses the rest cleanly', async () => {
    const sessions = await inBatches(buyers, 20, () => newSession(env.test, limited));
    const merchantBefore = await chain.tokenBalance(token(), merchant);

    // Everyone submits at once.
    const submitted = await Promise.all(
      buyers.map((b, i) =>
        browserCall(
          b,
          'PUT',
          `/checkout-sessions/${sessions[i]}/submit`,
          submitBody(cat, { customer_email: `buyer${i}@example.com` }),
        ),
      ),
    );
    noServerErrors(submitted);
    const accepted = submitted.flatMap((a, i) => (a.status === 200 ? [i] : []));
    const refused = submitted.flatMap((a, i) => (a.status === 200 ? [] : [i]));
    expect(accepted).toHaveLength(AVAILABLE);
    for (const i of refused) {
      expect(submitted[i]?.status).toBe(400);
      expect(submitted[i]?.body.error).toMatchObject({ code: 'exceed_inventory' });
    }
    const [held] = await db().select().from(prices).where(eq(prices.id, limited));
    expect(held).toMatchObject({ quantitySold: 0, quantityReserved: AVAILABLE });

    // The accepted buyers pay at once, each from its own account (anvil has ten funded ones).
    const intentOf = (i: number) => (submitted[i]?.body as unknown as SubmitAnswer).paymentIntent.id;
    const hashes = await Promise.all(
      accepted.map((i, k) => chain.sendTokenFor(intentOf(i), k, token(), merchant, UNIT)),
    );
    // While the refused buyers try to claim those transfers for their own sessions.
    const posts = await Promise.all([
      ...accepted.map((i, k) =>
        browserCall(buyers[i] as TestBrowser, 'POST', `/checkout-sessions/${sessions[i]}/tx`, {
          txHash: hashes[k],
        }),
      ),
      ...refused.map((i, k) =>
        browserCall(buyers[i] as TestBrowser, 'POST', `/checkout-sessions/${sessions[i]}/tx`, {
          txHash: hashes[k % hashes.length],
        }),
      ),
    ]);
    noServerErrors(posts);
    const paid = posts.slice(0, accepted.length);
    const claims = posts.slice(accepted.length);
    for (const answer of paid) expect(answer.body).toMatchObject({ status: 'complete' });
    for (const answer of claims) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'payment_intent_missing' });
    }

    // Stock: sold exactly what was paid for, nothing held any more.
    const [after] = await db().select().from(prices).where(eq(prices.id, limited));
    expect(after).toMatchObject({ quantitySold: AVAILABLE, quantityReserved: 0 });
    expect(await chain.tokenBalance(token(), merchant)).toBe(merchantBefore + UNIT * BigInt(AVAILABLE));

    // Each completed order: one transfer recorded, one confirmed attempt, one paid invoice.
    const ids = accepted.map(intentOf);
    const transfers = await db()
      .select()
      .from(railTransactions)
      .where(inArray(railTransactions.reference, ids));
    expect(transfers.map((t) => t.reference).sort()).toEqual([...ids].sort());
    const attempts = await db()
      .select()
      .from(paymentAttempts)
      .where(inArray(paymentAttempts.paymentIntentId, ids));
    expect(attempts.map((a) => [a.paymentIntentId, a.status]).sort()).toEqual(
      ids.map((id) => [id, 'confirmed']).sort(),
    );
    const all = sessions.map(String);
    const bills = await db().select().from(invoices).where(inArray(invoices.checkoutSessionId, all));
    expect(bills).toHaveLength(AVAILABLE);
    for (const bill of bills) {
      expect(bill).toMatchObject({ status: 'paid', amountPaid: UNIT, amountRemaining: 0n });
      expect(accepted.map((i) => sessions[i])).toContain(bill.checkoutSessionId);
    }
    const rows = await db().select().from(checkoutSessions).where(inArray(checkoutSessions.id, all));
    expect(rows.filter((r) => r.status === 'complete')).toHaveLength(AVAILABLE);
    // The refused buyers have no intent at all, and no intent of this checkout is left processing.
    for (const i of refused) {
      expect(rows.find((r) => r.id === sessions[i])?.paymentIntentId).toBeNull();
    }
    const intents = await db()
      .select()
      .from(paymentIntents)
      .where(inArray(paymentIntents.checkoutSessionId, all));
    expect(intents.filter((p) => p.status === 'processing')).toEqual([]);
    expect(intents.filter((p) => p.status === 'succeeded')).toHaveLength(AVAILABLE);
  }, 60_000);
});

describe('lock order of stock holds', () => {
  it('a returning buyer and a newcomer freeing an idle hold at the same moment both get their units', async () => {
    const product = await createProduct(env.test, { name: 'Third edition' });
    const price = await createPrice(env.test, cat.currencyId, product, {
      unit_amount: UNIT.toString(),
      quantity_available: 5,
    });
    const [idle, returning, newcomer] = await Promise.all([0, 1, 2].map(() => newSession(env.test, price)));
    for (const [k, cs] of [idle, returning].entries()) {
      const res = await browserCall(
        buyers[60 + k] as TestBrowser,
        'PUT',
        `/checkout-sessions/${cs}/submit`,
        submitBody(cat),
      );
      expect(res.status).toBe(200);
    }
    await db()
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, idle ?? ''));
    const rowOf = async (id: string) => {
      const [row] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
      if (!row) throw new Error('no session');
      return row;
    };
    const back = await rowOf(returning ?? '');
    const fresh = await rowOf(newcomer ?? '');
    // The returning buyer's submit has given its own hold back (it holds the price row) when the
    // newcomer's submit frees the idle hold; then both go on. Neither may fail (a deadlock aborts one).
    let release: () => void = () => undefined;
    const paused = new Promise<void>((resolve) => (release = resolve));
    let gaveBack: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (gaveBack = resolve));
    const returningTx = db().transaction(async (tx) => {
      await releaseStock(tx, back.id);
      gaveBack();
      await paused;
      await reserveStock(tx, back);
    });
    await holding;
    const newcomerTx = db().transaction((tx) => reserveStock(tx, fresh));
    await new Promise((r) => setTimeout(r, 300));
    release();
    const outcomes = await Promise.allSettled([returningTx, newcomerTx]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok']);
    const [row] = await db().select().from(prices).where(eq(prices.id, price));
    expect(row).toMatchObject({ quantitySold: 0, quantityReserved: 2 });
  }, 30_000);
});

describe('one buyer pressing Pay ten times at once', () => {
  for (const keys of ['the same Idempotency-Key', 'different Idempotency-Keys'] as const) {
    it(`fast pay with ${keys}: one intent, one charge, one invoice`, async () => {
      const config = env.server.server.services.config;
      const { hotWalletAddress } = await import('../../src/rails/evm/settings.js');
      const spender = await hotWalletAddress(config.dataDir, chain.demo.chainId);
      await chain.setEth(spender, 10n ** 19n);
      const browser = buyers[keys === 'the same Idempotency-Key' ? 0 : 1] as TestBrowser;
      const payerIndex = keys === 'the same Idempotency-Key' ? 1 : 2;
      const payer = chain.address(payerIndex);
      await chain.approve(payerIndex, token(), spender, 10n ** 12n);
      const cs = await newSession(env.test, cat.priceId);
      await provePayer(browser, chain, cs, cat, payerIndex);
      const before = await chain.tokenBalance(token(), payer);
      const header = (n: number) => ({
        'idempotency-key': keys === 'the same Idempotency-Key' ? `pay-${cs}` : `pay-${cs}-${n}`,
      });

      const runs = await Promise.all(
        Array.from({ length: 10 }, async (_, n) => {
          const submit = await browser.request(`/payment/api/checkout-sessions/${cs}/submit`, {
            method: 'PUT',
            headers: header(n),
            body: JSON.stringify(submitBody(cat, { payer })),
          });
          const submitted = { status: submit.status, body: (await submit.json()) as Answer['body'] };
          const confirm = await browser.request(
            `/payment/api/checkout-sessions/${cs}/fast-checkout-confirm`,
            {
              method: 'POST',
              headers: header(n),
              body: '{}',
            },
          );
          return {
            submitted,
            confirmed: { status: confirm.status, body: (await confirm.json()) as Answer['body'] },
          };
        }),
      );
      for (const { submitted, confirmed } of runs) {
        // A submit racing a pull already in flight may be told so (409); never a 5xx, never a new intent.
        expect([200, 409], JSON.stringify(submitted.body)).toContain(submitted.status);
        expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      }
      expect(runs.some((r) => r.confirmed.body.fastPaid === true)).toBe(true);
      await until('paid once', async () => {
        const [row] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, cs));
        return row?.status === 'complete' ? row : undefined;
      });
      const intents = await db()
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.checkoutSessionId, cs));
      expect(intents.filter((p) => p.status !== 'canceled')).toHaveLength(1);
      expect(intents.filter((p) => p.status === 'succeeded')).toHaveLength(1);
      const paidIntent = intents.find((p) => p.status === 'succeeded')?.id ?? '';
      const attempts = await db()
        .select()
        .from(paymentAttempts)
        .where(
          inArray(
            paymentAttempts.paymentIntentId,
            intents.map((p) => p.id),
          ),
        );
      expect(attempts).toHaveLength(1);
      expect(attempts[0]).toMatchObject({ paymentIntentId: paidIntent, kind: 'pull', status: 'confirmed' });
      expect(await chain.tokenBalance(token(), payer)).toBe(before - UNIT);
      const bills = await db().select().from(invoices).where(eq(invoices.checkoutSessionId, cs));
      expect(bills).toHaveLength(1);
      expect(bills[0]).toMatchObject({ status: 'paid', amountPaid: UNIT });
    }, 30_000);
  }

  it('browser wallet: ten submits and ten posts of the one transfer at once complete the order once', async () => {
    const browser = buyers[2] as TestBrowser;
    const cs = await newSession(env.test, cat.priceId);
    const submits = await Promise.all(
      Array.from({ length: 10 }, () =>
        browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat)),
      ),
    );
    noServerErrors(submits);
    const ids = new Set(submits.map((a) => (a.body as unknown as SubmitAnswer).paymentIntent.id));
    expect(ids.size).toBe(1);
    const [intentId] = [...ids];
    const hash = await chain.sendTokenFor(intentId ?? '', 3, token(), merchant, UNIT);
    const posts = await Promise.all(
      Array.from({ length: 10 }, () =>
        browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash: hash }),
      ),
    );
    noServerErrors(posts);
    for (const answer of posts) expect(answer.body).toMatchObject({ status: 'complete' });
    const attempts = await db()
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.paymentIntentId, intentId ?? ''));
    expect(attempts).toHaveLength(1);
    const bills = await db().select().from(invoices).where(eq(invoices.checkoutSessionId, cs));
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ status: 'paid', amountPaid: UNIT });
  }, 30_000);
});
