import { eq } from 'drizzle-orm';
import { fromRandom } from '@ocap/wallet';
import { HeadlessWallet, type Decision } from '@payshelf/wallet';
import { createPublicClient, erc20Abi, getAddress, http, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowanceGrants, subscriptions } from '../../src/db/schema/index.js';
import { hotWalletAddress } from '../../src/rails/evm/settings.js';
import { evmAccountOf, evmSignatureAnswerer } from '../../src/rails/evm/wallet-answerer.js';
import { startChain, type TestChain } from '../support/chain.js';
import { signIn, TestBrowser } from '../support/identity.js';
import { advance, confirmedPulls, getSub, invoicesOf, newClock } from './billing-support.js';
import { browserCall, seedChainCatalog, submitBody, type Catalog, type SubmitAnswer } from './pay-support.js';
import { recurringPrice, subscriptionSession } from './subscription-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// The DID Connect (QR) checkout of a subscription, on real PostgreSQL and anvil, through the protocol
// with a headless DID wallet: after the payment the same session asks the wallet to sign the approve
// renewals are pulled from (N periods of the plan, in words), a trial with nothing due asks only for
// the approve, and declining it leaves the payment made (the portal then offers to grant it).
let env: PaymentTestEnv;
let chain: TestChain;
let cat: Catalog;
let monthly: string;
let spender: string;
const PRICE = 2_500_000n;
const DAY = 86_400_000;

const db = () => env.server.server.services.database.db;
const token = () => chain.tusd.contract ?? '';

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  cat = await seedChainCatalog(env.test, chain, chain.freshAddress());
  monthly = await recurringPrice(env.test, cat.currencyId, 'QR plan', PRICE.toString(), {
    interval: 'month',
  });
  spender = await hotWalletAddress(env.server.server.services.config.dataDir, chain.demo.chainId);
  await chain.setEth(spender, 10n ** 20n);
}, 120_000);
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

async function allowanceOnChain(owner: string): Promise<bigint> {
  const client = createPublicClient({ transport: http(chain.demo.rpcUrl) });
  return client.readContract({
    address: getAddress(token()),
    abi: erc20Abi,
    functionName: 'allowance',
    args: [getAddress(owner), getAddress(spender) as Address],
  });
}

/** A customer whose browser is signed in with the same DID wallet that answers the checkout's QR code. */
async function customer(name: string, decide?: (round: number) => Decision) {
  const key = fromRandom();
  const browser = new TestBrowser(env.server.url);
  const did = (await signIn(browser, new HeadlessWallet(key, { profile: { fullName: name } }))).did;
  const wallet = new HeadlessWallet(key, {
    profile: { fullName: name },
    answerers: { signature: evmSignatureAnswerer },
    ...(decide ? { decide: (_claims, round) => decide(round) } : {}),
  });
  const payer = evmAccountOf(key).address;
  await chain.setEth(payer, 10n ** 18n);
  await chain.sendToken(1, token(), payer, 10n * PRICE);
  return { browser, did, wallet, payer };
}

type Customer = Awaited<ReturnType<typeof customer>>;

async function submitAndConnect(c: Customer, cs: string) {
  const submitted = await browserCall(c.browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const res = await c.browser.post('/api/did/checkout/token', {
    checkoutSessionId: cs,
    sessionUserDid: c.did,
  });
  expect(res.status).toBe(200);
  const { token: t, url } = (await res.json()) as { token: string; url: string };
  return { answer: submitted.body as unknown as SubmitAnswer, token: t, url };
}

async function sessionOf(cs: string) {
  const view = await env.anonymous('GET', `/checkout-sessions/retrieve/${cs}`);
  return view.body.checkoutSession as { status: string; subscription_id: string };
}

async function payerOf(sub: string) {
  return (await db().select().from(subscriptions).where(eq(subscriptions.id, sub)))[0]?.payer ?? null;
}

/** Puts a checkout's subscription on a test clock frozen now, so its renewals can be run. */
async function onClock(sub: string): Promise<string> {
  const clock = await newClock(env.test, new Date().toISOString());
  await db().update(subscriptions).set({ testClockId: clock }).where(eq(subscriptions.id, sub));
  return clock;
}

describe('DID Connect checkout of a subscription grants the allowance', () => {
  it('pays, then approves N periods in the same session; the first renewal pulls from it', async () => {
    const carl = await customer('Carl QR');
    const cs = await subscriptionSession(env.test, [{ price_id: monthly, quantity: 1 }]);
    const { url, token: t } = await submitAndConnect(carl, cs);
    const scanned = await carl.wallet.scan(url);
    expect(scanned.requestedClaims.map((c) => c.type)).toEqual(['authPrincipal']);

    const result = await carl.wallet.approve(url);
    expect(result.steps).toEqual([['authPrincipal'], ['signature'], ['signature']]);
    expect(result.response).toMatchObject({ checkoutSessionId: cs, status: 'complete' });
    expect((await carl.browser.status(t, 'checkout')).body).toMatchObject({ status: 'succeed' });
    // Exactly 12 periods (the default), for the server's spender, from the account that paid.
    expect(await allowanceOnChain(carl.payer)).toBe(12n * PRICE);
    const [grant] = await db()
      .select()
      .from(allowanceGrants)
      .where(eq(allowanceGrants.checkoutSessionId, cs));
    expect(grant).toMatchObject({ status: 'broadcast', amount: 12n * PRICE, payer: carl.payer });

    const sub = (await sessionOf(cs)).subscription_id;
    expect(await payerOf(sub)).toBe(carl.payer);
    const clock = await onClock(sub);
    await advance(env.test, clock, new Date(Date.now() + 32 * DAY).toISOString());
    const cycle = (await invoicesOf(db(), sub)).find((r) => r.billingReason === 'subscription_cycle');
    expect(cycle?.status).toBe('paid');
    expect(await confirmedPulls(db(), sub)).toBe(1);
    expect(await allowanceOnChain(carl.payer)).toBe(11n * PRICE);
  }, 120_000);

  it('the approve claim says the allowance in words (zh: allowance-words unit test)', async () => {
    const dora = await customer('Dora Words');
    const cs = await subscriptionSession(env.test, [{ price_id: monthly, quantity: 2 }], {
      allowance_periods: 3,
    });
    const { url } = await submitAndConnect(dora, cs);
    const described: string[] = [];
    const wallet = new HeadlessWallet(dora.wallet.wallet, {
      answerers: {
        signature: async (claim, ctx) => {
          described.push(String(claim.description));
          return evmSignatureAnswerer(claim, ctx);
        },
      },
    });
    await wallet.approve(url);
    expect(described[1]).toContain('Allows up to 15 TUSD, about 3 months of this plan.');
    expect(await allowanceOnChain(dora.payer)).toBe(3n * 2n * PRICE);
  }, 120_000);

  it('a trial with nothing due asks only for the approve, and the trial end pulls from it', async () => {
    const tess = await customer('Tess Trial');
    const cs = await subscriptionSession(env.test, [{ price_id: monthly, quantity: 1 }], {
      trial_period_days: 7,
    });
    const { answer, url } = await submitAndConnect(tess, cs);
    expect(answer.checkoutSession.status).toBe('complete');
    const sub = (await sessionOf(cs)).subscription_id;
    expect(await payerOf(sub)).toBeNull();

    const result = await tess.wallet.approve(url);
    expect(result.steps).toEqual([['authPrincipal'], ['signature']]);
    expect(result.response).toMatchObject({ checkoutSessionId: cs, status: 'complete' });
    expect(await allowanceOnChain(tess.payer)).toBe(12n * PRICE);
    expect(await payerOf(sub)).toBe(tess.payer);

    const clock = await onClock(sub);
    await advance(env.test, clock, new Date(Date.now() + 8 * DAY).toISOString());
    expect((await getSub(env.test, sub)).status).toBe('active');
    expect(await confirmedPulls(db(), sub)).toBe(1);
    expect(await allowanceOnChain(tess.payer)).toBe(11n * PRICE);
  }, 120_000);

  it('declining the approve still completes a paid checkout; the portal then offers the allowance', async () => {
    const dan = await customer('Dan Decline', (round) => (round >= 2 ? 'decline' : 'approve'));
    const cs = await subscriptionSession(env.test, [{ price_id: monthly, quantity: 1 }]);
    const { url, token: t } = await submitAndConnect(dan, cs);
    const result = await dan.wallet.approve(url);
    expect(result.steps).toEqual([['authPrincipal'], ['signature'], ['signature']]);
    expect((await statusOf(dan, t)).status).toBe('error');
    const session = await sessionOf(cs);
    expect(session.status).toBe('complete');
    expect(await allowanceOnChain(dan.payer)).toBe(0n);
    const view = await browserCall(
      dan.browser,
      'GET',
      `/subscriptions/${session.subscription_id}/allowance?livemode=false`,
    );
    expect(view.body).toMatchObject({ covers: false, payer: dan.payer });
    expect((view.body.offer as { amount: string }).amount).toBe((12n * PRICE).toString());
  }, 120_000);

  it('refuses an approve other than the offer (a larger amount), and sends nothing', async () => {
    const eve = await customer('Eve Greedy');
    const cs = await subscriptionSession(env.test, [{ price_id: monthly, quantity: 1 }]);
    const { url } = await submitAndConnect(eve, cs);
    // A wallet that signs an approve of another amount than the one it was asked to sign.
    const wallet = new HeadlessWallet(eve.wallet.wallet, {
      answerers: {
        signature: async (claim, ctx) => {
          const meta = claim.meta as { purpose?: string; evm?: { data: string } } | undefined;
          if (meta?.purpose !== 'allowance' || !meta.evm) return evmSignatureAnswerer(claim, ctx);
          const data = `${meta.evm.data.slice(0, -2)}ff`;
          return evmSignatureAnswerer({ ...claim, meta: { ...meta, evm: { ...meta.evm, data } } }, ctx);
        },
      },
    });
    await expect(wallet.approve(url)).rejects.toThrow('The checkout changed; please approve again');
    expect((await sessionOf(cs)).status).toBe('complete');
    expect(await allowanceOnChain(eve.payer)).toBe(0n);
    const grants = await db().select().from(allowanceGrants).where(eq(allowanceGrants.checkoutSessionId, cs));
    expect(grants).toEqual([]);
  }, 120_000);

  it('declining the approve of a trial leaves the trial started, without a payer', async () => {
    const tom = await customer('Tom Trial');
    const cs = await subscriptionSession(env.test, [{ price_id: monthly, quantity: 1 }], {
      trial_period_days: 7,
    });
    const { url } = await submitAndConnect(tom, cs);
    await tom.wallet.decline(url);
    const sub = (await sessionOf(cs)).subscription_id;
    expect((await getSub(env.test, sub)).status).toBe('trialing');
    expect(await payerOf(sub)).toBeNull();
    expect(await allowanceOnChain(tom.payer)).toBe(0n);
  }, 120_000);
});

async function statusOf(c: Customer, t: string) {
  return (await c.browser.status(t, 'checkout')).body as { status: string };
}
