// The balance ledger on a real database against the pure rule (applyBalance in @payshelf/money):
// random sequences of credits, adjustments, invoice applications (some repeated) and voids, each
// compared with a plain model of the balance, and the ledger read over HTTP adding up at the end.
import { applyBalance } from '@payshelf/money';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import {
  adjust,
  applyToInvoice,
  balanceOf,
  credit,
  unapplyFromInvoice,
} from '../../src/payment/balances/index.js';
import { seedCurrency, startPaymentEnv, type PaymentTestEnv } from './support.js';

type Op =
  | { kind: 'credit'; amount: bigint }
  | { kind: 'adjust'; amount: bigint }
  | { kind: 'apply'; invoice: number; total: bigint }
  | { kind: 'void'; invoice: number };

let env: PaymentTestEnv;
let db: Db;
let currencyId: string;
beforeAll(async () => {
  env = await startPaymentEnv();
  db = env.server.server.services.database.db;
  ({ currencyId } = await seedCurrency(env.test));
});
afterAll(() => env?.stop());

const amount = fc.bigInt({ min: 1n, max: 5000n });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('credit' as const), amount }),
  fc.record({
    kind: fc.constant('adjust' as const),
    amount: fc.bigInt({ min: -5000n, max: 5000n }).filter((a) => a !== 0n),
  }),
  fc.record({
    kind: fc.constant('apply' as const),
    invoice: fc.nat(5),
    total: fc.bigInt({ min: -3000n, max: 8000n }),
  }),
  fc.record({ kind: fc.constant('void' as const), invoice: fc.nat(5) }),
);

let run = 0;

it('moves the balance exactly as the model says, never below zero', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 20 }), async (ops) => {
      run += 1;
      const created = await env.test('POST', '/customers', { body: { name: `Model ${run}` } });
      const owner = { livemode: false, customerId: String(created.body.id), currencyId };
      const invoice = (n: number) => `in_model${String(run).padStart(6, '0')}x${n}`;
      let balance = 0n;
      /** Per invoice: what its first application moved (negative = taken), and whether it was given back. */
      const applied = new Map<number, { moved: bigint; back: boolean; due: bigint }>();
      for (const step of ops) {
        if (step.kind === 'credit') {
          await credit(db, owner, { amount: step.amount, type: 'adjustment' });
          balance += step.amount;
        } else if (step.kind === 'adjust') {
          const refused = balance + step.amount < 0n;
          const answer = await adjust(db, owner, { amount: step.amount }).then(
            () => 'ok',
            (e: unknown) => (e as { code?: string }).code,
          );
          expect(answer).toBe(refused ? 'balance_insufficient' : 'ok');
          if (!refused) balance += step.amount;
        } else if (step.kind === 'apply') {
          const got = await applyToInvoice(db, owner, invoice(step.invoice), step.total);
          const first = applied.get(step.invoice);
          if (first) {
            // Applying again moves nothing (the first total's answer comes back).
            expect(-got.appliedBalance + got.credited).toBe(first.moved);
          } else {
            const want = applyBalance(step.total, balance);
            expect(got).toMatchObject(want);
            const moved = want.credited - want.appliedBalance;
            // Nothing moved, nothing recorded: a later application of that invoice is a first one.
            if (moved !== 0n) applied.set(step.invoice, { moved, back: false, due: want.amountDue });
            balance = want.endingBalance;
          }
        } else {
          const row = await unapplyFromInvoice(db, owner, invoice(step.invoice));
          const first = applied.get(step.invoice);
          const gives = first !== undefined && first.moved < 0n;
          expect(row !== null).toBe(gives);
          if (gives && first && !first.back) {
            balance -= first.moved;
            first.back = true;
          }
        }
        expect(await balanceOf(db, owner.customerId, currencyId)).toBe(balance);
      }
      const listed = await env.test('GET', `/customers/${owner.customerId}/balance-transactions`, {
        query: { limit: '100' },
      });
      const rows = listed.body.data as Array<{ amount: string; ending_balance: string }>;
      expect(rows.reduce((sum, r) => sum + BigInt(r.amount), 0n)).toBe(balance);
      expect(BigInt(rows[0]?.ending_balance ?? '0')).toBe(balance);
    }),
    { numRuns: 40 },
  );
}, 240_000);
