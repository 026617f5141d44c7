import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, refunds } from '../../src/db/schema/index.js';
import { FIND_UNPOSTED_TASK } from '../../src/payment/flows/find-unposted.js';
import { startChain, type TestChain } from '../support/chain.js';
import { signInOwnerAliceBob, type TestBrowser } from '../support/identity.js';
import { until } from '../support/until.js';
import { browserCall, newSession, seedChainCatalog, submitBody, walletRequest } from './pay-support.js';
import type { Catalog, SubmitAnswer } from './pay-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// The customer portal's browser-wallet payment on a real database and anvil: the signed-in customer
// gets the target of one open invoice (or of one currency's overdue invoices), their wallet sends the
// transfer, and the hash posted to /portal/overdue/batch/{id}/tx is verified against that batch only.
// Invoices are written straight into the database (copies of a checkout's invoice), as in portal.test.ts.
let env: PaymentTestEnv;
let chain: TestChain;
let alice: TestBrowser;
let bob: TestBrowser;
let cat: Catalog;
let merchant: string;
let aliceCustomer: string;
let template: string;
let batchHash: string;

const db = () => env.server.server.services.database.db;
const token = () => chain.tusd.contract ?? '';
const DAY = 24 * 60 * 60 * 1000;
const AMOUNT = 2_500_000n;

/** A copy of the template invoice owing 2.5 TUSD: overdue (due yesterday) or open and due in a week. */
async function invoiceLike(id: string, due: 'overdue' | 'open') {
  const [row] = await db().select().from(invoices).where(eq(invoices.id, template));
  if (!row) throw new Error(`no invoice ${template}`);
  const createdAt = new Date(Date.now() - 3 * DAY);
  await db()
    .insert(invoices)
    .values({
      ...row,
      id,
      number: `WP-${id.slice(-6)}`,
      status: 'open',
      billingReason: 'subscription_cycle',
      total: AMOUNT,
      subtotal: AMOUNT,
      amountDue: AMOUNT,
      amountPaid: 0n,
      amountRemaining: AMOUNT,
      dueDate: new Date(Date.now() + (due === 'overdue' ? -DAY : 7 * DAY)),
      paymentIntentId: null,
      createdAt,
      updatedAt: createdAt,
    });
  return id;
}

async function invoice(id: string) {
  const [row] = await db().select().from(invoices).where(eq(invoices.id, id));
  return row;
}

interface WalletAnswer {
  batch: { id: string; amount: string; status: string; invoices: Array<{ id: string; amount: string }> };
  paymentTarget: SubmitAnswer['paymentTarget'];
  payer: string | null;
}

async function target(browser: TestBrowser, body: Record<string, unknown>) {
  return browserCall(browser, 'POST', '/portal/overdue/batch/wallet?livemode=false', {
    currencyId: cat.currencyId,
    ...body,
  });
}

const postTx = (browser: TestBrowser, batchId: string, txHash: string) =>
  browserCall(browser, 'POST', `/portal/overdue/batch/${batchId}/tx?livemode=false`, { txHash });

const pay = (answer: WalletAnswer) =>
  chain.pay(1, walletRequest({ paymentTarget: answer.paymentTarget } as SubmitAnswer));

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  [, alice, bob] = await signInOwnerAliceBob(env.server.url);
  merchant = chain.freshAddress();
  cat = await seedChainCatalog(env.test, chain, merchant, 1, '0');
  const cs = await newSession(env.test, cat.priceId);
  const res = await browserCall(alice, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  template = (res.body.checkoutSession as { invoice_id: string }).invoice_id;
  aliceCustomer = (res.body.customer as { id: string }).id;
  await invoiceLike('in_WalletPayOpen00000001', 'open');
  await invoiceLike('in_WalletPayOpen00000002', 'open');
  await invoiceLike('in_WalletPayOpen00000003', 'open');
  await invoiceLike('in_WalletPayOpen00000004', 'open');
  await invoiceLike('in_WalletPayOverdue00001', 'overdue');
  await invoiceLike('in_WalletPayOverdue00002', 'overdue');
});
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

describe('who may pay', () => {
  it('answers another customer 404 and a guest 401', async () => {
    const body = { customerId: aliceCustomer, invoiceId: 'in_WalletPayOpen00000001' };
    expect((await target(bob, body)).status).toBe(404);
    const guest = await env.anonymous('POST', '/portal/overdue/batch/wallet?livemode=false', {
      body: { currencyId: cat.currencyId, ...body },
    });
    expect(guest.status).toBe(401);
    const mine = await target(alice, body);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const batchId = (mine.body as unknown as WalletAnswer).batch.id;
    expect((await postTx(bob, batchId, `0x${'ab'.repeat(32)}`)).status).toBe(404);
  });
});

describe('the browser wallet pays', () => {
  it('one open invoice, once, however often its hash is posted', async () => {
    const id = 'in_WalletPayOpen00000001';
    const res = await target(alice, { customerId: aliceCustomer, invoiceId: id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body as unknown as WalletAnswer;
    expect(answer.batch).toMatchObject({ amount: AMOUNT.toString(), invoices: [{ id }] });
    expect(answer.paymentTarget).toMatchObject({ rail: 'evm', token: token(), amount: AMOUNT.toString() });
    const hash = await pay(answer);
    const posted = await postTx(alice, answer.batch.id, hash);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body).toMatchObject({ id: answer.batch.id, status: 'succeeded' });
    expect(await invoice(id)).toMatchObject({ status: 'paid', amountPaid: AMOUNT, amountRemaining: 0n });

    // The page retries (lost answer): the same answer, nothing counted twice.
    const again = await postTx(alice, answer.batch.id, hash);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ status: 'succeeded' });
    expect(await invoice(id)).toMatchObject({ status: 'paid', amountPaid: AMOUNT });
    expect(await chain.tokenBalance(token(), merchant)).toBe(AMOUNT);
  });

  it('the overdue invoices of one currency in one transfer', async () => {
    const res = await target(alice, { customerId: aliceCustomer });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body as unknown as WalletAnswer;
    expect(answer.batch.amount).toBe((2n * AMOUNT).toString());
    expect(answer.batch.invoices.map((i) => i.id).sort()).toEqual([
      'in_WalletPayOverdue00001',
      'in_WalletPayOverdue00002',
    ]);
    batchHash = await pay(answer);
    const posted = await postTx(alice, answer.batch.id, batchHash);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body).toMatchObject({ status: 'succeeded' });
    expect(await invoice('in_WalletPayOverdue00001')).toMatchObject({ status: 'paid', amountPaid: AMOUNT });
    expect(await invoice('in_WalletPayOverdue00002')).toMatchObject({ status: 'paid', amountPaid: AMOUNT });
    expect(await invoice('in_WalletPayOpen00000002')).toMatchObject({ status: 'open' });
    expect(await chain.tokenBalance(token(), merchant)).toBe(3n * AMOUNT);
  });
});

describe('a transfer that does not pay the batch', () => {
  it('made for another payment is refused, and the invoice stays open', async () => {
    const id = 'in_WalletPayOpen00000002';
    const res = await target(alice, { customerId: aliceCustomer, invoiceId: id });
    const answer = res.body as unknown as WalletAnswer;
    const posted = await postTx(alice, answer.batch.id, batchHash);
    expect(posted.status).toBe(400);
    expect(await invoice(id)).toMatchObject({ status: 'open', amountPaid: 0n });
  });

  it('for less than the batch is refused, refunded, and never marks the invoice paid', async () => {
    const id = 'in_WalletPayOpen00000002';
    const res = await target(alice, { customerId: aliceCustomer, invoiceId: id });
    const answer = res.body as unknown as WalletAnswer;
    const short = await chain.sendTokenFor(answer.batch.id, 2, token(), merchant, AMOUNT - 1n);
    const posted = await postTx(alice, answer.batch.id, short);
    expect(posted.status, JSON.stringify(posted.body)).toBe(400);
    expect(posted.body).toMatchObject({ error: { code: 'underpaid' } });
    expect(await invoice(id)).toMatchObject({ status: 'open', amountPaid: 0n });
    const owed = await db().select().from(refunds).where(eq(refunds.paymentIntentId, answer.batch.id));
    expect(owed.map((r) => r.amount)).toEqual([AMOUNT - 1n]);

    // Posted again: refused the same way, refunded once.
    expect((await postTx(alice, answer.batch.id, short)).status).toBe(400);
    const still = await db().select().from(refunds).where(eq(refunds.paymentIntentId, answer.batch.id));
    expect(still).toHaveLength(1);
  });
});

describe('a browser-wallet transfer whose hash was never posted', () => {
  it('is found on the chain and pays its invoice', async () => {
    const id = 'in_WalletPayOpen00000003';
    const res = await target(alice, { customerId: aliceCustomer, invoiceId: id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The page sent the wallet's transfer and died before posting its hash.
    await pay(res.body as unknown as WalletAnswer);
    expect(await invoice(id)).toMatchObject({ status: 'open' });
    await env.server.server.services.jobs.enqueue(FIND_UNPOSTED_TASK, { settleAfterMs: 0 });
    await until('the unposted transfer pays the invoice', async () =>
      (await invoice(id))?.status === 'paid' ? true : undefined,
    );
    expect(await invoice(id)).toMatchObject({ amountPaid: AMOUNT, amountRemaining: 0n });
  });
});

describe('a second transfer for a batch already paid (a stale page)', () => {
  it('is recorded and refunded to its sender once, never counted', async () => {
    const id = 'in_WalletPayOpen00000004';
    const res = await target(alice, { customerId: aliceCustomer, invoiceId: id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body as unknown as WalletAnswer;
    expect((await postTx(alice, answer.batch.id, await pay(answer))).status).toBe(200);
    expect(await invoice(id)).toMatchObject({ status: 'paid', amountPaid: AMOUNT });

    const second = await pay(answer);
    for (let i = 0; i < 2; i += 1) {
      const posted = await postTx(alice, answer.batch.id, second);
      expect(posted.status).toBe(400);
      expect(posted.body.error).toMatchObject({ code: 'payment_already_made' });
    }
    const owed = await db().select().from(refunds).where(eq(refunds.paymentIntentId, answer.batch.id));
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ amount: AMOUNT });
    expect(owed[0]?.metadata).toMatchObject({
      cause: 'payment_already_made',
      tx_hash: second.toLowerCase(),
      refund_to: chain.address(1),
    });
    expect(await invoice(id)).toMatchObject({ status: 'paid', amountPaid: AMOUNT });
  });
});

describe('a batch one of whose invoices the merchant settled meanwhile', () => {
  it('pays the rest and refunds that invoice’s share to the sender, once', async () => {
    await invoiceLike('in_WalletPayOverdue00003', 'overdue');
    await invoiceLike('in_WalletPayOverdue00004', 'overdue');
    const res = await target(alice, { customerId: aliceCustomer });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const batch = res.body as unknown as WalletAnswer;
    expect(batch.batch.amount).toBe((2n * AMOUNT).toString());

    // While the customer's wallet is sending, the merchant voids invoice 3.
    const voided = await env.test('POST', '/invoices/in_WalletPayOverdue00003/void');
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);

    const hash = await pay(batch);
    const posted = await postTx(alice, batch.batch.id, hash);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(await invoice('in_WalletPayOverdue00004')).toMatchObject({ status: 'paid', amountPaid: AMOUNT });
    // Invoice 3 stays void: its share of the transfer paid for nothing and goes back to the sender.
    expect(await invoice('in_WalletPayOverdue00003')).toMatchObject({ status: 'void', amountPaid: 0n });
    const owed = await db().select().from(refunds).where(eq(refunds.paymentIntentId, batch.batch.id));
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ amount: AMOUNT, reason: 'duplicate' });
    expect(owed[0]?.metadata).toMatchObject({
      cause: 'invoice_settled_otherwise',
      invoice_ids: ['in_WalletPayOverdue00003'],
      refund_to: chain.address(1),
    });
    // Posted again (a lost answer): the same answer, nothing more refunded.
    expect((await postTx(alice, batch.batch.id, hash)).status).toBe(200);
    const still = await db().select().from(refunds).where(eq(refunds.paymentIntentId, batch.batch.id));
    expect(still).toHaveLength(1);
  });
});
