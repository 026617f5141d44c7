import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicesOf, newClock } from './billing-support.js';
import { recurringPrice } from './subscription-support.js';
import { seedCurrency, startPaymentEnv, type Answer, type PaymentTestEnv } from './support.js';

// The billing engine against a reference model: random sequences of clock advances, quantity
// changes (prorated, create_prorations), usage records and a cancel at period end run through the real
// engine (HTTP, PostgreSQL, test clock) and through a small pure model of the rules written here;
// every invoice (reason, total, balance applied, amount due) and the final credit balance must agree.
// The seat price is a multiple of 28 x 29 x 30 x 31 days' least common multiple, so every proration
// of whole days is exact and the model needs no rounding rule. Invoices are paid out of band as soon
// as they are made (the model has no dunning). PROPERTY_RUNS sets the number of sequences.
const SEAT = 37_758_000n;
const CALL = 1_000n;
const DAY_MS = 86_400_000;
const START = Date.UTC(2027, 2, 1);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 20);

let env: PaymentTestEnv;
let currencyId: string;
let methodId: string;
let seatPrice: string;
let callPrice: string;

type Command =
  | { kind: 'advance'; days: number }
  | { kind: 'quantity'; quantity: number }
  | { kind: 'usage'; calls: number }
  | { kind: 'cancel' };

interface ModelInvoice {
  reason: string;
  total: bigint;
  applied: bigint;
  due: bigint;
}

/** The reference model: one monthly subscription from March 1, 2027 (UTC). */
class Model {
  now = START;
  start = START;
  end = Date.UTC(2027, 3, 1);
  months = 1;
  quantity = 1;
  usage = 0n;
  balance = 0n;
  canceling = false;
  ended = false;
  invoices: ModelInvoice[] = [];

  constructor() {
    this.bill('subscription_create', SEAT);
  }

  private bill(reason: string, total: bigint) {
    const applied = total > 0n ? (this.balance < total ? this.balance : total) : 0n;
    this.balance -= applied;
    this.invoices.push({ reason, total, applied, due: total - applied });
  }

  advance(days: number) {
    this.now += days * DAY_MS;
    while (!this.ended && this.end <= this.now) {
      if (this.canceling) {
        this.ended = true;
        break;
      }
      this.bill('subscription_cycle', SEAT * BigInt(this.quantity) + CALL * this.usage);
      this.usage = 0n;
      this.months += 1;
      this.start = this.end;
      this.end = Date.UTC(2027, 2 + this.months, 1);
    }
  }

  /** Unused time of the old quantity credited, remaining time of the new one charged, to the second. */
  changeQuantity(quantity: number) {
    const net =
      (SEAT * BigInt(quantity - this.quantity) * BigInt(this.end - this.now)) / BigInt(this.end - this.start);
    if (net > 0n) this.bill('subscription_update', net);
    else this.balance -= net;
    this.quantity = quantity;
  }

  get active() {
    return !this.ended && !this.canceling;
  }
}

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.integer({ min: 1, max: 20 }).map((days) => ({ kind: 'advance' as const, days })),
  },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 1, max: 4 }).map((quantity) => ({ kind: 'quantity' as const, quantity })),
  },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 1, max: 50 }).map((calls) => ({ kind: 'usage' as const, calls })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
);

function ok(res: Answer, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Runs the commands through the engine; returns its invoices and the customer's balance. */
async function runEngine(commands: readonly Command[]) {
  const db = env.server.server.services.database.db;
  const clock = await newClock(env.test, new Date(START).toISOString());
  const customer = ok(await env.test('POST', '/customers', { body: { name: 'Model' } }), 'customer');
  const sub = ok(
    await env.test('POST', '/subscriptions', {
      body: {
        customer_id: customer.id,
        items: [
          { price_id: seatPrice, quantity: 1 },
          { price_id: callPrice, quantity: 1 },
        ],
        currency_id: currencyId,
        payment_method_id: methodId,
        collection_method: 'send_invoice',
        test_clock_id: clock,
      },
    }),
    'subscription',
  );
  const subId = String(sub.id);
  const callItem = (sub.items as Array<{ id: string; price_id: string }>).find(
    (i) => i.price_id === callPrice,
  );
  const payOpen = async () => {
    for (const row of await invoicesOf(db, subId)) {
      if (row.status !== 'open') continue;
      const body = { paid_out_of_band: true };
      ok(await env.test('POST', `/invoices/${row.id}/pay`, { body }), 'pay');
    }
  };
  await payOpen();
  const model = new Model();
  let now = START;
  for (const [step, c] of commands.entries()) {
    if (c.kind === 'advance') {
      now += c.days * DAY_MS;
      const body = { frozen_time: new Date(now).toISOString() };
      ok(await env.test('POST', `/test-clocks/${clock}/advance`, { body }), 'advance');
      model.advance(c.days);
    } else if (!model.active) {
      continue;
    } else if (c.kind === 'quantity') {
      if (c.quantity === model.quantity) continue;
      const items = [
        { price_id: seatPrice, quantity: c.quantity },
        { price_id: callPrice, quantity: 1 },
      ];
      const body = { items, proration_behavior: 'create_prorations' };
      ok(await env.test('POST', `/subscriptions/${subId}`, { body, idem: `${subId}-${step}` }), 'quantity');
      model.changeQuantity(c.quantity);
    } else if (c.kind === 'usage') {
      const body = { quantity: c.calls };
      ok(
        await env.test('POST', `/subscription-items/${callItem?.id ?? ''}/usage-records`, { body }),
        'usage',
      );
      model.usage += BigInt(c.calls);
    } else {
      ok(
        await env.test('POST', `/subscriptions/${subId}/cancel`, { body: { at_period_end: true } }),
        'cancel',
      );
      model.canceling = true;
    }
    await payOpen();
  }
  const invoices = (await invoicesOf(db, subId)).map((r) => ({
    reason: r.billingReason,
    total: r.total,
    applied: r.appliedBalance,
    due: r.amountDue,
  }));
  const ledger = ok(
    await env.test('GET', `/customers/${String(customer.id)}/balance-transactions`),
    'ledger',
  );
  const last = (ledger.data as Array<{ ending_balance: string }>)[0];
  return { invoices, balance: BigInt(last?.ending_balance ?? '0'), model };
}

const sorted = (list: ModelInvoice[]) =>
  list.map((i) => `${i.reason} ${i.total} ${i.applied} ${i.due}`).sort();

beforeAll(async () => {
  env = await startPaymentEnv();
  const seeded = await seedCurrency(env.test);
  currencyId = seeded.currencyId;
  methodId = String(seeded.method.id);
  seatPrice = await recurringPrice(env.test, currencyId, 'Seat', SEAT.toString(), { interval: 'month' });
  const product = ok(await env.test('POST', '/products', { body: { name: 'Calls' } }), 'product');
  const price = {
    product_id: product.id,
    currency_id: currencyId,
    unit_amount: CALL.toString(),
    recurring: { interval: 'month', usage_type: 'metered', aggregate_usage: 'sum' },
  };
  callPrice = String(ok(await env.test('POST', '/prices', { body: price }), 'price').id);
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

describe('billing engine against the reference model', () => {
  it('random sequences give the invoices and the balance the model gives', { timeout: 900_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
        const { invoices, balance, model } = await runEngine(commands);
        expect(sorted(invoices)).toEqual(sorted(model.invoices));
        expect(balance).toBe(model.balance);
      }),
      { numRuns: RUNS },
    );
  });
});
