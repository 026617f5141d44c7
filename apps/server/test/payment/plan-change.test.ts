import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { advance, invoicesOf, newClock } from './billing-support.js';
import { browserCall } from './pay-support.js';
import { recurringPrice } from './subscription-support.js';
import { seedCurrency, startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// Plan changes on real PostgreSQL over HTTP, by test clock. A month of 31 days (March 2027) is
// 2,678,400 s; Basic costs 31,000,000 a month (1,000,000 a day), Pro 62,000,000. A change on March 11
// at 00:00 leaves 21 days: Basic's unused time is 21,000,000, Pro's remaining time 42,000,000.
// Subscriptions bill by send_invoice (no chain needed); an invoice is paid with paid_out_of_band, which
// settles it through the same path as a confirmed pull (settleInvoicePaid).
let env: PaymentTestEnv;
let currencyId: string;
let methodId: string;
let basic: string;
let pro: string;
let alice: TestBrowser;
let bob: TestBrowser;
let aliceDid: string;

const db = () => env.server.server.services.database.db;
const MARCH_1 = '2027-03-01T00:00:00.000Z';
const MARCH_11 = '2027-03-11T00:00:00.000Z';

function ok(res: Answer, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function subscribe(price: string, extra: { did?: string; quantity?: number } = {}) {
  const clock = await newClock(env.test, MARCH_1);
  const customer = ok(
    await env.test('POST', '/customers', {
      body: { name: 'Planner', ...(extra.did ? { did: extra.did } : {}) },
    }),
    'customer',
  );
  const sub = ok(
    await env.test('POST', '/subscriptions', {
      body: {
        customer_id: customer.id,
        items: [{ price_id: price, quantity: extra.quantity ?? 1 }],
        currency_id: currencyId,
        payment_method_id: methodId,
        collection_method: 'send_invoice',
        test_clock_id: clock,
      },
    }),
    'subscription',
  );
  // The first month is paid, so the plan change starts from an active subscription.
  ok(
    await env.test('POST', `/invoices/${String(sub.latest_invoice_id)}/pay`, {
      body: { paid_out_of_band: true },
    }),
    'pay',
  );
  return { id: String(sub.id), customer: String(customer.id), clock };
}

const update = (id: string, body: Record<string, unknown>, idem?: string) =>
  env.test('POST', `/subscriptions/${id}`, { body, ...(idem ? { idem } : {}) });
const get = async (path: string) => ok(await env.test('GET', path), path);
const balance = async (customer: string) => {
  const list = await get(`/customers/${customer}/balance-transactions`);
  return (
    (list.data as Array<{
      type: string;
      amount: string;
      ending_balance: string;
      invoice_id: string | null;
    }>) ?? []
  );
};

beforeAll(async () => {
  env = await startPaymentEnv();
  const seeded = await seedCurrency(env.test);
  currencyId = seeded.currencyId;
  methodId = String(seeded.method.id);
  basic = await recurringPrice(env.test, currencyId, 'Basic', '31000000', { interval: 'month' });
  pro = await recurringPrice(env.test, currencyId, 'Pro', '62000000', { interval: 'month' });
  const owner = new TestBrowser(env.server.url);
  await signIn(owner, newWallet('Olivia Owner', 'owner@example.com'));
  alice = new TestBrowser(env.server.url);
  aliceDid = (await signIn(alice, newWallet('Alice Example', 'alice@example.com'))).did;
  bob = new TestBrowser(env.server.url);
  await signIn(bob, newWallet('Bob Example', 'bob@example.com'));
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

describe('upgrade mid-period (create_prorations)', () => {
  it('bills the exact proration to the second as a subscription_update invoice; the change waits until it is paid', async () => {
    const sub = await subscribe(basic);
    // One second past March 11: 1,814,399 s of 2,678,400 remain. Each line rounds half up on its own:
    // Basic 31,000,000 x 1,814,399 / 2,678,400 = 20,999,988.43 -> 20,999,988 (credit);
    // Pro 62,000,000 x 1,814,399 / 2,678,400 = 41,999,976.85 -> 41,999,977; due 20,999,989.
    await advance(env.test, sub.clock, '2027-03-11T00:00:01.000Z');
    const preview = await get(`/subscriptions/${sub.id}/upcoming-invoice?items=${pro}:1`);
    expect(preview.proration).toMatchObject({
      net: '20999989',
      pending: true,
      invoice: { total: '20999989', amount_due: '20999989', applied_balance: '0' },
    });

    const changed = ok(await update(sub.id, { items: [{ price_id: pro, quantity: 1 }] }), 'upgrade');
    expect(changed.items).toMatchObject([{ price_id: basic, quantity: 1 }]);
    expect(changed.pending_update).toMatchObject({ items: [{ price_id: pro, quantity: 1 }] });
    const invoiceId = String((changed.pending_update as { invoice_id: string }).invoice_id);
    const invoice = await get(`/invoices/${invoiceId}`);
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'open',
      total: '20999989',
      amount_due: '20999989',
      period_start: '2027-03-11T00:00:01.000Z',
      period_end: '2027-04-01T00:00:00.000Z',
    });
    const lines = (invoice.lines as Array<{ price_id: string; amount: string; proration: boolean }>).map(
      (l) => [l.price_id, l.amount, l.proration],
    );
    expect(lines).toEqual([
      [basic, '-20999988', true],
      [pro, '41999977', true],
    ]);
    // The preview showed exactly these lines.
    expect((preview.proration as { lines: Array<{ amount: string }> }).lines.map((l) => l.amount)).toEqual([
      '-20999988',
      '41999977',
    ]);

    // A second change waits for this one.
    expect((await update(sub.id, { quantity: 2 })).status).toBe(400);
    ok(await env.test('POST', `/invoices/${invoiceId}/pay`, { body: { paid_out_of_band: true } }), 'pay');
    const after = await get(`/subscriptions/${sub.id}`);
    expect(after.items).toMatchObject([{ price_id: pro, quantity: 1 }]);
    expect(after.pending_update).toBeNull();
    // The next renewal bills Pro for a whole period.
    await advance(env.test, sub.clock, '2027-04-01T00:00:00.000Z');
    const cycle = (await invoicesOf(db(), sub.id)).find((r) => r.billingReason === 'subscription_cycle');
    expect(cycle?.total).toBe(62_000_000n);
  }, 60_000);

  it('a voided upgrade invoice drops the change and gives back the credit it took', async () => {
    const sub = await subscribe(basic);
    ok(
      await env.test('POST', `/customers/${sub.customer}/balance-transactions`, {
        body: { amount: '5000000', currency_id: currencyId },
      }),
      'credit',
    );
    await advance(env.test, sub.clock, MARCH_11);
    const changed = ok(await update(sub.id, { items: [{ price_id: pro, quantity: 1 }] }), 'upgrade');
    const invoiceId = String(changed.latest_invoice_id);
    expect(await get(`/invoices/${invoiceId}`)).toMatchObject({
      total: '21000000',
      starting_balance: '5000000',
      applied_balance: '5000000',
      amount_due: '16000000',
    });
    ok(await env.test('POST', `/invoices/${invoiceId}/void`, { body: {} }), 'void');
    const after = await get(`/subscriptions/${sub.id}`);
    expect(after.items).toMatchObject([{ price_id: basic, quantity: 1 }]);
    expect(after.pending_update).toBeNull();
    const rows = await balance(sub.customer);
    expect(rows[0]).toMatchObject({
      type: 'unapplied_from_invoice',
      amount: '5000000',
      ending_balance: '5000000',
    });
  }, 60_000);
});

describe('downgrade mid-period', () => {
  it('credits the unused time to the balance, which the next renewal consumes before anything is due; the preview is that invoice', async () => {
    const sub = await subscribe(pro);
    await advance(env.test, sub.clock, MARCH_11);
    // Pro unused 42,000,000 - Basic remaining 21,000,000 = a credit of 21,000,000, no invoice.
    const changed = ok(await update(sub.id, { items: [{ price_id: basic, quantity: 1 }] }), 'downgrade');
    expect(changed.items).toMatchObject([{ price_id: basic, quantity: 1 }]);
    expect(changed.pending_update).toBeNull();
    expect((await invoicesOf(db(), sub.id)).filter((r) => r.billingReason === 'subscription_update')).toEqual(
      [],
    );
    expect((await balance(sub.customer))[0]).toMatchObject({
      type: 'proration_credit',
      amount: '21000000',
      ending_balance: '21000000',
    });

    const preview = await get(`/subscriptions/${sub.id}/upcoming-invoice`);
    expect(preview).toMatchObject({
      period_start: '2027-04-01T00:00:00.000Z',
      period_end: '2027-05-01T00:00:00.000Z',
      total: '31000000',
      starting_balance: '21000000',
      applied_balance: '21000000',
      amount_due: '10000000',
      proration: null,
    });
    await advance(env.test, sub.clock, '2027-04-01T00:00:00.000Z');
    const cycle = (await invoicesOf(db(), sub.id)).find((r) => r.billingReason === 'subscription_cycle');
    const invoice = await get(`/invoices/${String(cycle?.id)}`);
    expect(invoice).toMatchObject({
      status: 'open',
      total: preview.total,
      starting_balance: preview.starting_balance,
      applied_balance: preview.applied_balance,
      amount_due: preview.amount_due,
      amount_remaining: '10000000',
      period_start: preview.period_start,
      period_end: preview.period_end,
    });
    const pick = (l: { price_id: string; quantity: number; amount: string }) => [
      l.price_id,
      l.quantity,
      l.amount,
    ];
    expect((invoice.lines as Array<Parameters<typeof pick>[0]>).map(pick)).toEqual(
      (preview.lines as Array<Parameters<typeof pick>[0]>).map(pick),
    );
    expect((await balance(sub.customer))[0]).toMatchObject({
      type: 'applied_to_invoice',
      amount: '-21000000',
      ending_balance: '0',
      invoice_id: cycle?.id,
    });
  }, 60_000);

  it('always_invoice makes a credit invoice of the lines (paid, total negative) and credits the balance', async () => {
    const sub = await subscribe(pro);
    await advance(env.test, sub.clock, MARCH_11);
    const changed = ok(
      await update(sub.id, {
        items: [{ price_id: basic, quantity: 1 }],
        proration_behavior: 'always_invoice',
      }),
      'downgrade',
    );
    expect(await get(`/invoices/${String(changed.latest_invoice_id)}`)).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      total: '-21000000',
      amount_due: '0',
    });
    expect(changed.items).toMatchObject([{ price_id: basic, quantity: 1 }]);
    expect((await balance(sub.customer))[0]).toMatchObject({
      amount: '21000000',
      ending_balance: '21000000',
    });
  }, 60_000);

  it('none changes the items at once, bills nothing now and the new price from the next renewal', async () => {
    const sub = await subscribe(basic);
    await advance(env.test, sub.clock, MARCH_11);
    const changed = ok(
      await update(sub.id, { items: [{ price_id: pro, quantity: 1 }], proration_behavior: 'none' }),
      'upgrade',
    );
    expect(changed.items).toMatchObject([{ price_id: pro, quantity: 1 }]);
    expect((await invoicesOf(db(), sub.id)).map((r) => r.billingReason)).toEqual(['subscription_create']);
    expect(await balance(sub.customer)).toEqual([]);
    await advance(env.test, sub.clock, '2027-04-01T00:00:00.000Z');
    const cycle = (await invoicesOf(db(), sub.id)).find((r) => r.billingReason === 'subscription_cycle');
    expect(cycle?.total).toBe(62_000_000n);
  }, 60_000);
});

describe('who may change a plan', () => {
  it('the signed-in customer changes their own plan, not its billing terms; another customer sees nothing', async () => {
    const sub = await subscribe(basic, { did: aliceDid });
    await advance(env.test, sub.clock, MARCH_11);
    const url = `/subscriptions/${sub.id}?livemode=false`;
    expect((await browserCall(bob, 'POST', url, { quantity: 2 })).status).toBe(404);
    expect(
      (await browserCall(bob, 'GET', `/subscriptions/${sub.id}/upcoming-invoice?livemode=false`)).status,
    ).toBe(404);
    expect(
      (await browserCall(alice, 'POST', url, { collection_method: 'charge_automatically' })).status,
    ).toBe(403);
    expect((await browserCall(alice, 'POST', url, { quantity: 2, proration_behavior: 'none' })).status).toBe(
      403,
    );
    // The refusals are in the customer's language (en by default, zh when asked).
    const refusal = async (path: string, body: Record<string, unknown>) => {
      const answer = await browserCall(alice, 'POST', path, body);
      expect(answer.status).toBe(403);
      return answer.body.error;
    };
    const zhUrl = `${url}&locale=zh`;
    expect(await refusal(url, { collection_method: 'send_invoice' })).toMatchObject({
      type: 'permission_error',
      code: 'forbidden',
      message: 'Only the merchant changes collection_method',
    });
    expect(await refusal(zhUrl, { collection_method: 'send_invoice' })).toMatchObject({
      code: 'forbidden',
      message: '只有商家可以修改 collection_method',
    });
    expect((await refusal(zhUrl, { quantity: 2, proration_behavior: 'none' }))?.message).toBe(
      '只有商家可以在不按比例计费的情况下更改套餐',
    );
    const first = (await get(`/subscriptions/${sub.id}`)).latest_invoice_id;
    const pay = `/invoices/${String(first)}/pay?livemode=false`;
    expect((await refusal(pay, { paid_out_of_band: true }))?.message).toBe(
      'Only the merchant records payments made elsewhere',
    );
    expect((await refusal(`${pay}&locale=zh`, { paid_out_of_band: true }))?.message).toBe(
      '只有商家可以记录在其他渠道完成的付款',
    );
    const preview = await browserCall(
      alice,
      'GET',
      `/subscriptions/${sub.id}/upcoming-invoice?livemode=false&quantity=2`,
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const mine = await browserCall(alice, 'POST', url, { quantity: 2 });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.pending_update).toMatchObject({ items: [{ price_id: basic, quantity: 2 }] });
    expect((await get(`/invoices/${String(mine.body.latest_invoice_id)}`)).total).toBe(
      (preview.body.proration as { invoice: { total: string } }).invoice.total,
    );
  }, 60_000);

  it('a secret key repeating an update or a cancel with the same Idempotency-Key gets the first answer', async () => {
    const sub = await subscribe(basic);
    await advance(env.test, sub.clock, MARCH_11);
    const body = { items: [{ price_id: pro, quantity: 1 }] };
    const first = await update(sub.id, body, 'plan-change-1');
    const again = await update(sub.id, body, 'plan-change-1');
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(
      (await invoicesOf(db(), sub.id)).filter((r) => r.billingReason === 'subscription_update'),
    ).toHaveLength(1);
    const cancel = () =>
      env.test('POST', `/subscriptions/${sub.id}/cancel`, { body: {}, idem: 'plan-cancel-1' });
    const canceled = await cancel();
    expect(canceled.status).toBe(200);
    expect((await cancel()).body).toEqual(canceled.body);
  }, 60_000);
});

describe('currency of future invoices', () => {
  it('changes the currency of the next invoices, never an open one', async () => {
    const other = await env.test('POST', '/payment-currencies', {
      body: { payment_method_id: methodId, symbol: 'TEUR', name: 'Test EUR', decimal: 6 },
    });
    const euro = String(ok(other, 'currency').id);
    const product = ok(await env.test('POST', '/products', { body: { name: 'Dual' } }), 'product');
    const dual = String(
      ok(
        await env.test('POST', '/prices', {
          body: {
            product_id: product.id,
            currency_id: currencyId,
            unit_amount: '31000000',
            currency_options: [{ currency_id: euro, unit_amount: '28000000' }],
            recurring: { interval: 'month' },
          },
        }),
        'price',
      ).id,
    );
    const sub = await subscribe(dual);
    await advance(env.test, sub.clock, MARCH_11);
    const upgrade = ok(await update(sub.id, { items: [{ price_id: pro, quantity: 1 }] }), 'upgrade');
    const open = String(upgrade.latest_invoice_id);
    ok(await env.test('POST', `/invoices/${open}/void`, { body: {} }), 'void');
    const changed = ok(await update(sub.id, { currency_id: euro }), 'currency');
    expect(changed.currency_id).toBe(euro);
    await advance(env.test, sub.clock, '2027-04-01T00:00:00.000Z');
    const rows = await invoicesOf(db(), sub.id);
    expect(rows.find((r) => r.id === open)?.currencyId).toBe(currencyId);
    const cycle = rows.find((r) => r.billingReason === 'subscription_cycle');
    expect([cycle?.currencyId, cycle?.total]).toEqual([euro, 28_000_000n]);
  }, 60_000);
});
