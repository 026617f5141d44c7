import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicesOf, newClock } from './billing-support.js';
import { BillingModel, DAY_MS, DAYS_UNTIL_DUE, type Item } from './billing-reference.js';
import { recurringPrice } from './subscription-support.js';
import { seedCurrency, startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// The billing engine against the reference model (billing-reference.ts): random sequences of
// subscribe, upgrade, downgrade, quantity change, cancel (now or at period end), resume, pay (out of
// band), fail (a collection attempt that fails: no payer) and clock advances (days and seconds, so
// prorations count seconds) run through the real engine (HTTP, PostgreSQL, test clock) and through the
// model; every invoice (reason, total, balance applied, amount due, status), every subscription's
// status and the customer's credit balance must agree. One server and database for the file; each
// sequence has its own customer and test clock (up to 3 subscriptions sharing its balance), and
// PROPERTY_CONCURRENCY sequences run at once. PROPERTY_RUNS sets the number of sequences (CI: 24;
// long mode: `npm run test:billing-model`, 2,000).
const PRICES = [1_000_003n, 2_999_999n, 7_777_777n];
const START = Date.UTC(2027, 2, 1);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 24);
const CONCURRENCY = Number(process.env.PROPERTY_CONCURRENCY ?? 6);
const MAX_SUBS = 3;

let env: PaymentTestEnv;
let currencyId: string;
let methodId: string;
let priceIds: string[] = [];
let sequences = 0;
/** What the sequences did (operations run, invoice statuses and subscription statuses seen). */
const seen = new Map<string, number>();
const count = (key: string) => seen.set(key, (seen.get(key) ?? 0) + 1);

type Command =
  | { kind: 'subscribe'; price: number; quantity: number }
  | { kind: 'upgrade'; sub: number }
  | { kind: 'downgrade'; sub: number }
  | { kind: 'resume'; sub: number }
  | { kind: 'quantity'; sub: number; quantity: number }
  | { kind: 'cancel'; sub: number; atPeriodEnd: boolean }
  | { kind: 'pay' | 'fail'; pick: number }
  | { kind: 'advance'; days: number; seconds: number };

const sub = fc.nat(MAX_SUBS - 1);
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      days: fc.integer({ min: 0, max: 20 }),
      seconds: fc.integer({ min: 1, max: 86_399 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('subscribe' as const),
      price: fc.nat(PRICES.length - 1),
      quantity: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constantFrom('upgrade' as const, 'downgrade' as const), sub }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('quantity' as const),
      sub,
      quantity: fc.integer({ min: 1, max: 5 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), sub, atPeriodEnd: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resume' as const), sub }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constantFrom('pay' as const, 'fail' as const), pick: fc.nat(7) }),
  },
);

function ok(res: Answer, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Runs one sequence through the engine and the model; throws on the first disagreement. */
async function runSequence(commands: readonly Command[]) {
  const db = env.server.server.services.database.db;
  const clock = await newClock(env.test, new Date(START).toISOString());
  const customer = String(
    ok(await env.test('POST', '/customers', { body: { name: 'Model' } }), 'customer').id,
  );
  const model = new BillingModel(START, PRICES);
  const subIds: string[] = [];
  const invoiceIds: string[] = [];
  const post = async (path: string, body: Record<string, unknown>, what: string) =>
    ok(await env.test('POST', path, { body }), what);
  const itemsOf = (item: Item) => [{ price_id: priceIds[item.price], quantity: item.quantity }];
  /** The engine's new invoices, in the order they were made, take the model's next indexes. */
  const mapInvoices = async () => {
    const rows = (await Promise.all(subIds.map((id) => invoicesOf(db, id)))).flat();
    const fresh = rows
      .filter((r) => !invoiceIds.includes(r.id))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    invoiceIds.push(...fresh.map((r) => r.id));
    if (invoiceIds.length !== model.invoices.length) {
      throw new Error(`engine made ${invoiceIds.length} invoices, the model ${model.invoices.length}`);
    }
  };
  const change = async (index: number, item: Item, step: number) => {
    const body = { items: itemsOf(item), proration_behavior: 'create_prorations' };
    await post(`/subscriptions/${subIds[index] ?? ''}`, body, `change ${step}`);
    model.change(index, item);
  };
  const subscribe = async (item: Item) => {
    const body = {
      customer_id: customer,
      items: itemsOf(item),
      currency_id: currencyId,
      payment_method_id: methodId,
      collection_method: 'send_invoice',
      days_until_due: DAYS_UNTIL_DUE,
      test_clock_id: clock,
    };
    subIds.push(String((await post('/subscriptions', body, 'subscribe')).id));
    const first = model.subscribe(item);
    await mapInvoices();
    if (model.invoices[first]?.status === 'open') await pay(first);
  };
  const pay = async (invoice: number) => {
    await post(`/invoices/${invoiceIds[invoice] ?? ''}/pay`, { paid_out_of_band: true }, 'pay');
    model.pay(invoice);
  };

  await subscribe({ price: 0, quantity: 1 });
  for (const [step, c] of commands.entries()) {
    const s = 'sub' in c ? model.subs[c.sub % model.subs.length] : undefined;
    const index = s ? model.subs.indexOf(s) : -1;
    const live = s !== undefined && s.status !== 'canceled';
    if (c.kind === 'advance') {
      const to = model.now + c.days * DAY_MS + c.seconds * 1000;
      await post(`/test-clocks/${clock}/advance`, { frozen_time: new Date(to).toISOString() }, 'advance');
      model.advance(to);
    } else if (c.kind === 'subscribe') {
      const taken = model.subs.some((x) => x.anchor % DAY_MS === model.now % DAY_MS);
      // Two subscriptions renewing at the same instant would share the balance in no fixed order.
      if (model.subs.length < MAX_SUBS && !taken) await subscribe({ price: c.price, quantity: c.quantity });
    } else if (c.kind === 'upgrade' || c.kind === 'downgrade' || c.kind === 'quantity') {
      if (!s || !live || s.pending) continue;
      const price = s.item.price + (c.kind === 'upgrade' ? 1 : c.kind === 'downgrade' ? -1 : 0);
      const quantity = c.kind === 'quantity' ? c.quantity : s.item.quantity;
      if (price < 0 || price >= PRICES.length || (c.kind === 'quantity' && quantity === s.item.quantity))
        continue;
      await change(index, { price, quantity }, step);
    } else if (c.kind === 'cancel') {
      if (!live) continue;
      await post(`/subscriptions/${subIds[index] ?? ''}/cancel`, { at_period_end: c.atPeriodEnd }, 'cancel');
      model.cancel(index, c.atPeriodEnd);
    } else if (c.kind === 'resume') {
      if (!live || !s.cancelAtPeriodEnd) continue;
      await post(`/subscriptions/${subIds[index] ?? ''}/resume`, {}, 'resume');
      model.resume(index);
    } else {
      const fail = c.kind === 'fail';
      const candidates = model.invoices.flatMap((r, i) =>
        (fail ? r.status === 'open' : r.status !== 'paid') ? [i] : [],
      );
      const invoice = candidates[c.pick % Math.max(candidates.length, 1)];
      if (invoice === undefined) continue;
      if (fail) {
        await post(`/invoices/${invoiceIds[invoice] ?? ''}/pay`, {}, 'fail');
        model.fail(invoice);
      } else await pay(invoice);
    }
    count(c.kind);
    await mapInvoices();
    if (model.subs.some((x) => x.status === 'past_due')) count('past_due seen');
  }
  for (const i of model.invoices) count(`invoice ${i.reason} ${i.status}`);
  await compare(customer, subIds, invoiceIds, model);
  sequences += 1;
  if (sequences % 100 === 0) console.info(`billing model: ${sequences} sequences agree`);
}

async function compare(customer: string, subIds: string[], invoiceIds: string[], model: BillingModel) {
  const db = env.server.server.services.database.db;
  const rows = new Map(
    (await Promise.all(subIds.map((id) => invoicesOf(db, id)))).flat().map((r) => [r.id, r]),
  );
  const engine = invoiceIds.map((id) => {
    const r = rows.get(id);
    return `${r?.billingReason} ${r?.total} ${r?.appliedBalance} ${r?.amountDue} ${r?.status}`;
  });
  const expected = model.invoices.map((i) => `${i.reason} ${i.total} ${i.applied} ${i.due} ${i.status}`);
  expect(engine).toEqual(expected);
  const statuses = await Promise.all(
    subIds.map(async (id) => String(ok(await env.test('GET', `/subscriptions/${id}`), 'sub').status)),
  );
  expect(statuses).toEqual(model.subs.map((s) => s.status));
  const ledger = ok(await env.test('GET', `/customers/${customer}/balance-transactions`), 'ledger');
  const last = (ledger.data as Array<{ ending_balance: string }>)[0];
  expect(BigInt(last?.ending_balance ?? '0')).toBe(model.balance);
}

beforeAll(async () => {
  env = await startPaymentEnv();
  const seeded = await seedCurrency(env.test);
  currencyId = seeded.currencyId;
  methodId = String(seeded.method.id);
  priceIds = [];
  for (const [i, amount] of PRICES.entries()) {
    priceIds.push(
      await recurringPrice(env.test, currencyId, `Plan ${i}`, amount.toString(), { interval: 'month' }),
    );
  }
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

describe('billing engine against the reference model', () => {
  it(
    'random sequences give the invoices, statuses and balance the model gives',
    { timeout: 7_200_000 },
    async () => {
      const started = Date.now();
      const batches = Math.ceil(RUNS / CONCURRENCY);
      const batch = fc.array(fc.array(command, { minLength: 1, maxLength: 14 }), {
        minLength: CONCURRENCY,
        maxLength: CONCURRENCY,
      });
      await fc.assert(
        fc.asyncProperty(batch, async (list) => {
          await Promise.all(list.map((commands) => runSequence(commands)));
        }),
        { numRuns: batches, endOnFailure: process.env.PROPERTY_SHRINK !== '1' },
      );
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.info(`billing model: ${sequences} sequences, 0 discrepancies, ${seconds} s`);
      console.info(
        [...seen.entries()]
          .sort()
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n'),
      );
    },
  );
});
