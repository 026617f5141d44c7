import { fromRandom } from '@ocap/wallet';
import { HeadlessWallet } from '@payshelf/wallet';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payerAccounts } from '../../src/db/schema/index.js';
import { evmAccountOf, evmSignatureAnswerer } from '../../src/rails/evm/wallet-answerer.js';
import { hotWalletAddress } from '../../src/rails/evm/settings.js';
import { startChain, type TestChain } from '../support/chain.js';
import { signIn, signInOwnerAliceBob, TestBrowser } from '../support/identity.js';
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
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// Issue 10 defect 2: fast pay pulls only from an account the signed-in customer proved they control
// (a signed challenge, or their own wallet's DID Connect payment), never from the address a request names.
let env: PaymentTestEnv;
let chain: TestChain;
let alice: TestBrowser;
let bob: TestBrowser;
let merchant: string;
let cat: Catalog;
const token = () => chain.tusd.contract ?? '';
const db = () => env.server.server.services.database.db;

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  merchant = chain.freshAddress();
  cat = await seedChainCatalog(env.test, chain, merchant);
  [, alice, bob] = await signInOwnerAliceBob(env.server.url);
  const spender = await hotWalletAddress(env.server.server.services.config.dataDir, chain.demo.chainId);
  await chain.setEth(spender, 10n ** 19n);
  // Bob's account 5 granted the merchant an allowance, and Bob proved he controls it.
  await chain.approve(5, token(), spender, 10n ** 12n);
  await provePayer(bob, chain, await newSession(env.test, cat.priceId), cat, 5);
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

const submit = (who: TestBrowser, cs: string, extra: Record<string, unknown> = {}) =>
  browserCall(who, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat, extra));
const confirm = (who: TestBrowser, cs: string) =>
  browserCall(who, 'POST', `/checkout-sessions/${cs}/fast-checkout-confirm`, {});

describe('fast pay payer', () => {
  it("refuses Alice's checkout naming Bob's approved account; Bob's tokens stay untouched", async () => {
    const bobs = chain.address(5);
    const before = await chain.tokenBalance(token(), bobs);
    const cs = await newSession(env.test, cat.priceId);
    const spoofed = await submit(alice, cs, { payer: bobs });
    expect(spoofed.status).toBe(400);
    expect(spoofed.body.error).toMatchObject({ code: 'payer_not_proved', param: 'payer' });
    // Without a payer, nothing falls back to an account Alice never proved.
    const plain = await submit(alice, cs);
    expect(plain.status).toBe(200);
    expect((plain.body as unknown as SubmitAnswer).fastPayInfo).toBeUndefined();
    expect((await confirm(alice, cs)).body).toMatchObject({ fastPaid: false });
    expect(await chain.tokenBalance(token(), bobs)).toBe(before);
  });

  it("a signature by another key, or Bob's own proof replayed, proves nothing for Alice", async () => {
    const cs = await newSession(env.test, cat.priceId);
    const asked = await browserCall(alice, 'POST', `/checkout-sessions/${cs}/payer-challenge`, {
      payment_method: cat.methodId,
      address: chain.address(5),
    });
    expect(asked.body).toMatchObject({ proved: false });
    const challenge = asked.body.challenge as { id: string; message: string };
    const forged = await chain.wallet(6).signMessage({ message: challenge.message });
    const refused = await browserCall(alice, 'POST', `/checkout-sessions/${cs}/payer-proof`, {
      payment_method: cat.methodId,
      challenge_id: challenge.id,
      signature: forged,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'payer_proof_invalid' });
    // Bob's challenge signed by Bob, sent by Alice: bound to Bob's customer, so refused too.
    const bobAsked = await browserCall(bob, 'POST', `/checkout-sessions/${cs}/payer-challenge`, {
      payment_method: cat.methodId,
      address: chain.address(6),
    });
    const bobChallenge = bobAsked.body.challenge as { id: string; message: string };
    const replayed = await browserCall(alice, 'POST', `/checkout-sessions/${cs}/payer-proof`, {
      payment_method: cat.methodId,
      challenge_id: bobChallenge.id,
      signature: await chain.wallet(6).signMessage({ message: bobChallenge.message }),
    });
    expect(replayed.body.error).toMatchObject({ code: 'payer_proof_invalid' });
    expect((await submit(alice, cs, { payer: chain.address(5) })).status).toBe(400);
    // Signed-out callers may not ask at all.
    const anonymous = await env.anonymous('POST', `/checkout-sessions/${cs}/payer-challenge`, {
      body: { payment_method: cat.methodId, address: chain.address(5) },
    });
    expect(anonymous.status).toBe(401);
  });

  it("pulls from Bob's proved account for Bob only; Alice confirming Bob's checkout pulls nothing", async () => {
    const bobs = chain.address(5);
    const cs = await newSession(env.test, cat.priceId);
    const answer = await submit(bob, cs, { payer: bobs });
    expect(answer.status).toBe(200);
    expect((answer.body as unknown as SubmitAnswer).fastPayInfo).toMatchObject({ payer: bobs });
    const before = await chain.tokenBalance(token(), bobs);
    expect((await confirm(alice, cs)).body).toMatchObject({ fastPaid: false });
    expect(await chain.tokenBalance(token(), bobs)).toBe(before);
    expect((await confirm(bob, cs)).body).toEqual({ fastPaid: true });
    await until('fast pay complete', async () => {
      const view = await env.anonymous('GET', `/checkout-sessions/retrieve/${cs}`);
      const session = view.body.checkoutSession as { status: string };
      return session.status === 'complete' ? true : undefined;
    });
    expect(await chain.tokenBalance(token(), bobs)).toBe(before - 5_000_000n);
  });

  it("the customer's own DID wallet paying through DID Connect proves the account it paid from", async () => {
    const key = fromRandom();
    const wallet = new HeadlessWallet(key, {
      profile: { fullName: 'Carl Connect', email: 'carl@example.com' },
      answerers: { signature: evmSignatureAnswerer },
    });
    const carl = new TestBrowser(env.server.url);
    const did = (await signIn(carl, wallet)).did;
    const payer = evmAccountOf(key).address;
    await chain.setEth(payer, 10n ** 18n);
    await chain.sendToken(1, token(), payer, 5_000_000n);
    const cs = await newSession(env.test, cat.priceId);
    expect((await submit(carl, cs)).status).toBe(200);
    const started = await carl.post('/api/did/checkout/token', {
      checkoutSessionId: cs,
      sessionUserDid: did,
    });
    const { url } = (await started.json()) as { url: string };
    expect((await wallet.approve(url)).response).toMatchObject({ status: 'complete' });
    const rows = await db().select().from(payerAccounts).where(eq(payerAccounts.address, payer));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ how: 'did-connect', rail: 'evm' });
    const cs2 = await newSession(env.test, cat.priceId);
    expect((await submit(carl, cs2, { payer })).status).toBe(200);
  });
});
