// The customer credit balance ledger on a real database: movements over the merchant API and through
// the service the renewal engine calls, concurrent debits never overdrawing, one application per invoice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyToInvoice, balanceOf, credit, unapplyFromInvoice } from '../../src/payment/balances/index.js';
import type { Db } from '../../src/db/database.js';
import { seedCurrency, startPaymentEnv, type PaymentTestEnv } from './support.js';

interface Txn {
  id: string;
  type: string;
  amount: string;
  ending_balance: string;
  invoice_id: string | null;
}

let env: PaymentTestEnv;
let db: Db;
let currencyId: string;
beforeAll(async () => {
  env = await startPaymentEnv();
  db = env.server.server.services.database.db;
  ({ currencyId } = await seedCurrency(env.test));
});
afterAll(() => env?.stop());

async function newCustomer(): Promise<string> {
  const res = await env.test('POST', '/customers', { body: { name: 'Balance' } });
  expect(res.status).toBe(200);
  return String(res.body.id);
}

async function ledger(customerId: string): Promise<Txn[]> {
  const res = await env.test('GET', `/customers/${customerId}/balance-transactions`, {
    query: { limit: '100' },
  });
  expect(res.status).toBe(200);
  return res.body.data as Txn[];
}

/** Oldest first, every row's ending balance is the one before plus its amount, never below 0. */
function expectConsistent(rows: Txn[]): bigint {
  let running = 0n;
  for (const row of [...rows].reverse()) {
    running += BigInt(row.amount);
    expect(BigInt(row.ending_balance)).toBe(running);
    expect(running >= 0n).toBe(true);
  }
  return running;
}

let invoiceCounter = 0;
const invoiceId = () => `in_balancetest${String(invoiceCounter++).padStart(10, '0')}`;

describe('customer balance ledger', () => {
  it('lists credits and adjustments newest first, pages, and hides them from the other mode', async () => {
    const customer = await newCustomer();
    const owner = { livemode: false, customerId: customer, currencyId };
    const source = invoiceId();
    await credit(db, owner, { amount: 1500n, type: 'proration_credit', invoiceId: source });
    // The same invoice's credit again moves nothing.
    await credit(db, owner, { amount: 1500n, type: 'proration_credit', invoiceId: source });
    const adjusted = await env.test('POST', `/customers/${customer}/balance-transactions`, {
      body: { amount: '-400', currency_id: currencyId, description: 'goodwill correction' },
    });
    expect(adjusted.status).toBe(200);
    expect(adjusted.body).toMatchObject({ type: 'adjustment', amount: '-400', ending_balance: '1100' });
    const rows = await ledger(customer);
    expect(rows.map((r) => [r.type, r.amount, r.ending_balance])).toEqual([
      ['adjustment', '-400', '1100'],
      ['proration_credit', '1500', '1500'],
    ]);
    expect(await balanceOf(db, customer, currencyId)).toBe(1100n);
    const first = await env.test('GET', `/customers/${customer}/balance-transactions`, {
      query: { limit: '1' },
    });
    expect(first.body.has_more).toBe(true);
    const next = await env.test('GET', `/customers/${customer}/balance-transactions`, {
      query: { limit: '1', starting_after: (first.body.data as Txn[])[0]?.id ?? '' },
    });
    expect((next.body.data as Txn[]).map((r) => r.type)).toEqual(['proration_credit']);
    expect((await env.live('GET', `/customers/${customer}/balance-transactions`)).status).toBe(404);
  });

  it('refuses a debit beyond the balance, a zero amount and an unknown currency', async () => {
    const customer = await newCustomer();
    const path = `/customers/${customer}/balance-transactions`;
    const over = await env.test('POST', path, { body: { amount: '-1', currency_id: currencyId } });
    expect([over.status, over.body.error?.code, over.body.error?.param]).toEqual([
      400,
      'balance_insufficient',
      'amount',
    ]);
    const zero = await env.test('POST', path, { body: { amount: '0', currency_id: currencyId } });
    expect(zero.body.error?.param).toBe('amount');
    const unknown = await env.test('POST', path, {
      body: { amount: '5', currency_id: 'pc_missing000000000000000' },
    });
    expect(unknown.body.error?.param).toBe('currency_id');
    expect(await ledger(customer)).toEqual([]);
    // A balance stays below 2^256, like every amount (credits past it would end in a numeric(78,0) overflow).
    const big = (2n ** 256n - 1n).toString();
    expect((await env.test('POST', path, { body: { amount: big, currency_id: currencyId } })).status).toBe(
      200,
    );
    const beyond = await env.test('POST', path, { body: { amount: '1', currency_id: currencyId } });
    expect([beyond.status, beyond.body.error?.code]).toEqual([400, 'amount_too_large']);
  });

  it('never overdraws under concurrent debits over HTTP', async () => {
    const customer = await newCustomer();
    const path = `/customers/${customer}/balance-transactions`;
    expect((await env.test('POST', path, { body: { amount: '1000', currency_id: currencyId } })).status).toBe(
      200,
    );
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        env.test('POST', path, { body: { amount: '-150', currency_id: currencyId } }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    // 1000 pays six debits of 150 (900); the other ten are refused.
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(
      answers.filter((a) => a.status === 400).every((a) => a.body.error?.code === 'balance_insufficient'),
    ).toBe(true);
    const rows = await ledger(customer);
    expect(rows).toHaveLength(7);
    expect(expectConsistent(rows)).toBe(100n);
    expect(await balanceOf(db, customer, currencyId)).toBe(100n);
  });

  it('applies the credit to concurrent invoices without overdrawing, once per invoice', async () => {
    const customer = await newCustomer();
    const owner = { livemode: false, customerId: customer, currencyId };
    await credit(db, owner, { amount: 1000n, type: 'adjustment' });
    const invoices = Array.from({ length: 8 }, invoiceId);
    // Every invoice asked three times at once: 24 concurrent applications of 8 invoices of 300.
    const answers = await Promise.all(
      [...invoices, ...invoices, ...invoices].map((id) => applyToInvoice(db, owner, id, 300n)),
    );
    const byInvoice = new Map<string, bigint[]>();
    answers.forEach((a, i) => {
      const id = invoices[i % invoices.length] ?? '';
      byInvoice.set(id, [...(byInvoice.get(id) ?? []), a.appliedBalance]);
      expect(a.amountDue).toBe(300n - a.appliedBalance);
    });
    // The three answers for one invoice agree, and the invoices together took exactly the 1000.
    for (const applied of byInvoice.values()) expect(new Set(applied).size).toBe(1);
    const total = [...byInvoice.values()].reduce((sum, [a]) => sum + (a ?? 0n), 0n);
    expect(total).toBe(1000n);
    const rows = await ledger(customer);
    expect(rows.filter((r) => r.type === 'applied_to_invoice')).toHaveLength(4); // 300, 300, 300, 100
    expect(expectConsistent(rows)).toBe(0n);
    expect(await balanceOf(db, customer, currencyId)).toBe(0n);
  });

  it('credits a negative invoice total and gives back what a voided invoice took, once', async () => {
    const customer = await newCustomer();
    const owner = { livemode: false, customerId: customer, currencyId };
    const creditInvoice = invoiceId();
    const credited = await applyToInvoice(db, owner, creditInvoice, -499n);
    expect(credited).toMatchObject({ credited: 499n, endingBalance: 499n, amountDue: 0n });
    const due = invoiceId();
    const applied = await applyToInvoice(db, owner, due, 1000n);
    expect(applied).toMatchObject({
      startingBalance: 499n,
      appliedBalance: 499n,
      amountDue: 501n,
      endingBalance: 0n,
    });
    const [back, again] = await Promise.all([
      unapplyFromInvoice(db, owner, due),
      unapplyFromInvoice(db, owner, due),
    ]);
    expect(back?.id).toBe(again?.id);
    expect(await unapplyFromInvoice(db, owner, creditInvoice)).toBeNull();
    expect(await balanceOf(db, customer, currencyId)).toBe(499n);
    const rows = await ledger(customer);
    expect(rows.map((r) => [r.type, r.amount, r.invoice_id])).toEqual([
      ['unapplied_from_invoice', '499', due],
      ['applied_to_invoice', '-499', due],
      ['applied_to_invoice', '499', creditInvoice],
    ]);
    expectConsistent(rows);
  });
});
