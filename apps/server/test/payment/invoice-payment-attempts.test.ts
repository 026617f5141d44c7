import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, paymentIntents } from '../../src/db/schema/index.js';
import { hotWalletAddress } from '../../src/rails/evm/settings.js';
import { startChain, type TestChain } from '../support/chain.js';
import { signInOwnerAliceBob, type TestBrowser } from '../support/identity.js';
import { advance, getSub, invoicesOf, newClock, type SubState } from './billing-support.js';
import {
  browserCall,
  newSession,
  seedChainCatalog,
  submitBody,
  walletRequest,
  type Catalog,
  type SubmitAnswer,
} from './pay-support.js';
import { recurringPrice } from './subscription-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// Issue 20 item 4: failed automatic pulls are attempts, not open payments. An invoice has one
// collection intent, reused by its retries; once the invoice is paid another way (here the portal's
// browser wallet) or no retry is left, no payment of it shows as open ("Action needed" for the
// admin, "Waiting for payment" for the customer).
let env: PaymentTestEnv;
let chain: TestChain;
let alice: TestBrowser;
let cat: Catalog;
let monthly: string;
let spender: string;
let customer: string;
const PRICE = 1_000_000n;
const PAYER = 6;

const db = () => env.server.server.services.database.db;
const token = () => chain.tusd.contract ?? '';

interface Payment {
  id: string;
  status: string;
  invoice_id: string | null;
  last_payment_error: { code?: string } | null;
  metadata: Record<string, unknown>;
}

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  cat = await seedChainCatalog(env.test, chain, chain.freshAddress());
  monthly = await recurringPrice(env.test, cat.currencyId, 'Pulled plan', PRICE.toString(), {
    interval: 'month',
  });
  spender = await hotWalletAddress(env.server.server.services.config.dataDir, chain.demo.chainId);
  await chain.setEth(spender, 10n ** 20n);
  [, alice] = await signInOwnerAliceBob(env.server.url);
  const did = (await alice.session())?.did;
  const made = await env.test('POST', '/customers', { body: { did, name: 'Alice Example' } });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  customer = String(made.body.id);
}, 120_000);
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

async function subscribe(clock: string): Promise<SubState> {
  await chain.approve(PAYER, token(), spender, PRICE);
  const res = await env.test('POST', '/subscriptions', {
    body: {
      customer_id: customer,
      items: [{ price_id: monthly, quantity: 1 }],
      currency_id: cat.currencyId,
      payment_method_id: cat.methodId,
      payer: chain.address(PAYER),
      test_clock_id: clock,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await chain.approve(PAYER, token(), spender, 0n);
  return res.body as unknown as SubState;
}

const intentsOf = (invoiceId: string) =>
  db().select().from(paymentIntents).where(eq(paymentIntents.invoiceId, invoiceId));

/** The customer's payments as the admin list and the customer's portal answer them. */
async function shown() {
  const admin = await env.test('GET', `/payment-intents?customer_id=${customer}&limit=100`);
  const portal = await browserCall(alice, 'GET', '/portal/payments?livemode=false&pageSize=100');
  expect(admin.status, JSON.stringify(admin.body)).toBe(200);
  expect(portal.status, JSON.stringify(portal.body)).toBe(200);
  return {
    admin: admin.body.data as unknown as Payment[],
    portal: portal.body.list as unknown as Payment[],
  };
}

describe('failed automatic pulls', () => {
  it('retries reuse one intent; paid by the wallet, no attempt stays open in admin or portal', async () => {
    const clock = await newClock(env.test, '2027-03-10T00:00:00.000Z');
    const sub = await subscribe(clock);
    expect(sub.status).toBe('active');

    // Renewal Apr 10 and retries Apr 11 and 13 all fail (no allowance left).
    await advance(env.test, clock, '2027-04-13T12:00:00.000Z');
    const open = (await invoicesOf(db(), sub.id)).find((r) => r.status === 'open');
    if (!open) throw new Error('no open invoice');
    expect(open.attemptCount).toBe(3);
    const attempts = await intentsOf(open.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      status: 'requires_action',
      lastPaymentError: { code: 'insufficient_allowance' },
    });
    expect(open.paymentIntentId).toBe(attempts[0]?.id);

    // The customer pays it from the portal with the browser wallet.
    const target = await browserCall(alice, 'POST', '/portal/overdue/batch/wallet?livemode=false', {
      currencyId: cat.currencyId,
      customerId: customer,
      invoiceId: open.id,
    });
    expect(target.status, JSON.stringify(target.body)).toBe(200);
    const answer = target.body as unknown as {
      batch: { id: string };
      paymentTarget: SubmitAnswer['paymentTarget'];
    };
    const hash = await chain.pay(1, walletRequest({ paymentTarget: answer.paymentTarget } as SubmitAnswer));
    const posted = await browserCall(
      alice,
      'POST',
      `/portal/overdue/batch/${answer.batch.id}/tx?livemode=false`,
      {
        txHash: hash,
      },
    );
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body).toMatchObject({ status: 'succeeded' });
    expect((await invoicesOf(db(), sub.id)).find((r) => r.id === open.id)?.status).toBe('paid');

    // The failed attempt is closed (canceled, its error kept: it reads "Failed"), in the same transaction.
    expect(await intentsOf(open.id)).toMatchObject([
      { status: 'canceled', lastPaymentError: { code: 'insufficient_allowance' } },
    ]);
    const { admin, portal } = await shown();
    for (const list of [admin, portal]) {
      expect(
        list.filter((p) => p.status === 'requires_action' || p.status === 'requires_payment_method'),
      ).toEqual([]);
      // The first invoice's pull and the wallet's batch succeeded; the failed pull did not.
      expect(list.filter((p) => p.status === 'succeeded').map((p) => p.id)).toContain(answer.batch.id);
      expect(list.filter((p) => p.status === 'succeeded')).toHaveLength(2);
      expect(list.find((p) => p.id === attempts[0]?.id)).toMatchObject({
        status: 'canceled',
        last_payment_error: { code: 'insufficient_allowance' },
      });
    }
    expect((await getSub(env.test, sub.id)).status).toBe('active');
  }, 120_000);

  it('after the last retry the attempt closes as failed; voiding the invoice closes its waiting batch', async () => {
    const clock = await newClock(env.test, '2027-06-10T00:00:00.000Z');
    const sub = await subscribe(clock);
    // Renewal Jul 10, retries Jul 11, 13, 15: all fail, past_due, no retry planned.
    await advance(env.test, clock, '2027-07-15T12:00:00.000Z');
    const open = (await invoicesOf(db(), sub.id)).find((r) => r.status === 'open');
    if (!open) throw new Error('no open invoice');
    expect(open.attemptCount).toBe(4);
    expect(open.nextPaymentAttempt).toBeNull();
    expect(await intentsOf(open.id)).toMatchObject([
      { status: 'canceled', lastPaymentError: { code: 'insufficient_allowance' } },
    ]);

    // The customer opens a wallet payment for it but never sends; the merchant voids the invoice.
    const target = await browserCall(alice, 'POST', '/portal/overdue/batch/wallet?livemode=false', {
      currencyId: cat.currencyId,
      customerId: customer,
      invoiceId: open.id,
    });
    expect(target.status, JSON.stringify(target.body)).toBe(200);
    const batchId = (target.body as unknown as { batch: { id: string } }).batch.id;
    const voided = await env.test('POST', `/invoices/${open.id}/void`);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);

    const { admin, portal } = await shown();
    for (const list of [admin, portal]) {
      expect(
        list.filter((p) => p.status === 'requires_action' || p.status === 'requires_payment_method'),
      ).toEqual([]);
      expect(list.find((p) => p.id === batchId)).toMatchObject({ status: 'canceled' });
    }
  }, 120_000);

  it('an expired checkout stops waiting for payment (expired by the merchant, or on a read past its time)', async () => {
    const submitted = async () => {
      const cs = await newSession(env.test, cat.priceId);
      const res = await browserCall(alice, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { cs, intent: (res.body.paymentIntent as { id: string }).id };
    };
    const byMerchant = await submitted();
    expect((await env.test('PUT', `/checkout-sessions/${byMerchant.cs}/expire`)).status).toBe(200);
    const onRead = await submitted();
    await db()
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, onRead.cs));
    const read = await env.test('GET', `/checkout-sessions/${onRead.cs}`);
    expect(read.body).toMatchObject({ status: 'expired' });

    const { admin, portal } = await shown();
    for (const list of [admin, portal]) {
      for (const id of [byMerchant.intent, onRead.intent]) {
        expect(list.find((p) => p.id === id)).toMatchObject({ status: 'canceled' });
      }
      expect(list.filter((p) => p.status === 'requires_action')).toEqual([]);
    }
  });
});
