import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { erc20Abi, getAddress } from 'viem';
import { expect } from 'vitest';
import { hotWalletAddress } from '../../src/rails/evm/settings.js';
import type { TestChain } from '../support/chain.js';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { startChildServer, type ChildServer } from '../support/server.js';
import { until } from '../support/until.js';
import {
  browserCall,
  seedChainCatalog,
  submitBody,
  walletRequest,
  type SubmitAnswer,
} from './pay-support.js';
import { clientFor, TEST_SECRET } from './support.js';

/** The token transfers `from` (the hot wallet) made to `to`, as the chain has them: the refunds it sent. */
export async function transfersOnChain(chain: TestChain, token: string, from: string, to: string) {
  const logs = await chain.client.getContractEvents({
    address: getAddress(token),
    abi: erc20Abi,
    eventName: 'Transfer',
    args: { from: getAddress(from), to: getAddress(to) },
    fromBlock: 0n,
  });
  return logs.map((l) => ({ hash: l.transactionHash.toLowerCase(), amount: l.args.value }));
}

/**
 * A server process that dies (SIGKILL) right after committing a refund's signed transaction, before
 * sending it. A signed-in customer submits a checkout, changes the quantity, and the transfer signed
 * for the first total arrives for the replaced intent: it is owed back, and the send job commits that
 * refund. `started` receives the process as soon as it runs (so the caller can stop it if a step
 * fails). Answers what a restart on the same database and data directory (same hot wallet) needs.
 */
export async function crashAfterRefundCommit(
  databaseUrl: string,
  chain: TestChain,
  started: (process: ChildServer) => void,
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-refund-'));
  const env = { PAYMENT_TEST_SECRET_KEY: TEST_SECRET, DATA_DIR: dataDir };
  const crashing = await startChildServer(databaseUrl, {
    ...env,
    PAYSHELF_CRASH_AT: 'refund:after-commit-before-broadcast',
  });
  started(crashing);
  const token = chain.tusd.contract ?? '';
  const hot = await hotWalletAddress(dataDir, chain.demo.chainId);
  await chain.setEth(hot, 10n ** 20n);
  await chain.sendToken(6, token, hot, 50_000_000n);

  const api = clientFor(crashing.url, TEST_SECRET);
  const cat = await seedChainCatalog(api, chain, chain.freshAddress(), 1, '3000000');
  const browser = new TestBrowser(crashing.url);
  await signIn(browser, newWallet('Rae Refund', 'rae@example.com'));
  const created = await api('POST', '/checkout-sessions', {
    body: {
      line_items: [
        {
          price_id: cat.priceId,
          quantity: 1,
          adjustable_quantity: { enabled: true, minimum: 1, maximum: 5 },
        },
      ],
    },
  });
  const cs = String(created.body.id);
  const submitted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, submitBody(cat));
  expect(submitted.status).toBe(200);
  const first = submitted.body as unknown as SubmitAnswer;
  const adjusted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/adjust-quantity`, {
    itemId: cat.priceId,
    quantity: 2,
  });
  expect(adjusted.status).toBe(200);
  // The transfer the wallet signed for the first total arrives late: it is owed back.
  const payer = chain.address(1);
  const hash = await chain.pay(1, walletRequest(first));
  const posted = await browserCall(browser, 'POST', `/checkout-sessions/${cs}/tx`, { txHash: hash });
  expect(posted.body.error).toMatchObject({ code: 'payment_for_replaced_intent' });

  // The send job commits the refund's transaction, then the process dies before sending it.
  const died = crashing.process;
  await until('the process died', () =>
    died.signalCode !== null || died.exitCode !== null ? true : undefined,
  );
  expect(died.signalCode).toBe('SIGKILL');
  expect(await transfersOnChain(chain, token, hot, payer)).toEqual([]);
  expect(await chain.client.getTransactionCount({ address: getAddress(hot) })).toBe(0);
  return { env, dataDir, token, hot, payer };
}
