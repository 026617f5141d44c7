import { readFileSync } from 'node:fs';
import { getAddress, parseAbi, type Abi, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClient } from '../../src/rails/evm/demo.js';
import { hotWalletAddress } from '../../src/rails/evm/settings.js';
import { startChain, type TestChain } from '../support/chain.js';
import { until } from '../support/until.js';
import { seedChainCatalog, type Catalog } from './pay-support.js';
import { recurringPrice } from './subscription-support.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';
import { invoicesOf, newCustomer } from './billing-support.js';

// An invoice's pull that moves less than the invoice's amount: a fee-on-transfer token keeps 1% of
// every transfer, so transferFrom(payer, merchant, 1.00) delivers 0.99. The invoice must not be paid:
// the attempt is recorded as underpaid, the 0.99 that arrived is refunded to the payer, and the invoice
// stays open with the failed collection (reason `underpaid`) and a retry planned.
let env: PaymentTestEnv;
let chain: TestChain;
let cat: Catalog;
let spender: string;
let fee: string;
let currencyId: string;
const PRICE = 1_000_000n;

const pool = () => env.server.server.services.database.pool;

async function deployFeeToken(): Promise<string> {
  const artifact = JSON.parse(
    readFileSync(new URL('../support/contracts/FeeToken.json', import.meta.url), 'utf8'),
  ) as { abi: Abi; bytecode: Hex };
  const deployer = chain.wallet(0);
  const hash = await deployer.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: ['Fee USD', 'FUSD', 6],
  });
  const receipt = await chain.client.waitForTransactionReceipt({ hash });
  const address = getAddress(receipt.contractAddress ?? '0x');
  const minted = await deployer.writeContract({
    address,
    abi: parseAbi(['function mint(address to, uint256 value)']),
    functionName: 'mint',
    args: [chain.address(3), 100n * PRICE],
  });
  await chain.client.waitForTransactionReceipt({ hash: minted });
  return address;
}

beforeAll(async () => {
  [env, chain] = await Promise.all([startPaymentEnv(), startChain()]);
  cat = await seedChainCatalog(env.test, chain, chain.freshAddress());
  fee = await deployFeeToken();
  const currency = await env.test('POST', '/payment-currencies', {
    body: { payment_method_id: cat.methodId, symbol: 'FUSD', name: 'Fee USD', decimal: 6, contract: fee },
  });
  expect(currency.status, JSON.stringify(currency.body)).toBe(200);
  currencyId = String(currency.body.id);
  spender = await hotWalletAddress(env.server.server.services.config.dataDir, chain.demo.chainId);
  await chain.setEth(spender, 10n ** 20n);
  // The hot wallet holds some FUSD to pay refunds with.
  await chain.sendToken(3, fee, spender, 10n * PRICE);
}, 120_000);
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

describe('an invoice pull that transfers less than the invoice amount', () => {
  it('leaves the invoice open with the error underpaid and refunds what arrived', async () => {
    const monthly = await recurringPrice(env.test, currencyId, 'Fee plan', PRICE.toString(), {
      interval: 'month',
    });
    await chain.approve(3, fee, spender, 10n * PRICE);
    const customer = await newCustomer(env.test, 'Fee Payer');
    // The pull is not mined while the subscription is created (the answer waits 10 s for it), so the
    // confirmation watcher is the one that meets the short transfer, as for every renewal.
    const cheat = testClient(chain.demo.chainId, chain.demo.rpcUrl);
    await cheat.setAutomine(false);
    const res = await env.test('POST', '/subscriptions', {
      body: {
        customer_id: customer,
        items: [{ price_id: monthly, quantity: 1 }],
        currency_id: currencyId,
        payment_method_id: cat.methodId,
        payer: chain.address(3),
      },
    });
    await cheat.setAutomine(true);
    await chain.mine(2);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const subId = String(res.body.id);

    const db = env.server.server.services.database.db;
    const [invoice] = await invoicesOf(db, subId);
    const refunds = await until('what arrived is refunded', async () => {
      const rows = await pool().query<{ amount: string }>(
        `SELECT r.amount::text AS amount, i.invoice_id FROM refunds r
           JOIN payment_intents i ON i.id = r.payment_intent_id WHERE i.invoice_id = $1`,
        [invoice?.id],
      );
      return rows.rows.length > 0 ? rows.rows : undefined;
    });
    // What arrived (99%) goes back to the payer; the invoice is not paid and says why.
    expect(refunds[0]?.amount).toBe('990000');
    expect(refunds).toHaveLength(1);
    await until('the failed collection is recorded', async () => {
      const last = (await invoicesOf(db, subId))[0]?.attempts.at(-1);
      return last?.outcome === 'failed' ? last : undefined;
    });
    expect((await invoicesOf(db, subId))[0]?.attempts.at(-1)).toMatchObject({ reason: 'underpaid' });
    const after = (await invoicesOf(db, subId))[0];
    expect(after).toMatchObject({ status: 'open', amountPaid: 0n });
    expect(after?.nextPaymentAttempt).not.toBeNull();
    const intent = await pool().query<{ status: string; code: string | null }>(
      "SELECT status, last_payment_error->>'code' AS code FROM payment_intents WHERE invoice_id = $1",
      [invoice?.id],
    );
    expect(intent.rows.at(-1)).toMatchObject({ code: 'underpaid' });
  }, 120_000);
});
