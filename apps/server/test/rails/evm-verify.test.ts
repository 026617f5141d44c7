import { eq } from 'drizzle-orm';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { railTransactions } from '../../src/db/schema/rails.js';
import { referenceTag } from '../../src/rails/evm/reference.js';
import {
  RailError,
  type BitcoinWalletRequest,
  type PaymentExpectation,
  type Rail,
  type VerifyResult,
  type WalletRequest,
} from '../../src/rails/types.js';
import { ETH, startChain, type TestChain } from '../support/chain.js';
import { cloneTestDatabase } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';

// Verification against a real anvil chain: every accepted transfer is recorded once, every wrong one is
// rejected with a reason, and a transaction counts only at the required depth.
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: TestServer;
let chain: TestChain;
let merchant: string;
let rail: Rail;

const expect6 = (reference: string, amount: bigint, asset = () => chain.tusd): PaymentExpectation => ({
  reference,
  asset: asset(),
  amount,
});
const records = (reference: string) =>
  server.server.services.database.db
    .select()
    .from(railTransactions)
    .where(eq(railTransactions.reference, reference));
const rejected = (r: VerifyResult) => (r.status === 'rejected' ? r.reason : r.status);

beforeAll(async () => {
  [database, chain] = await Promise.all([cloneTestDatabase(), startChain()]);
  server = await startTestServer(database.url);
  merchant = chain.freshAddress();
  rail = server.server.services.rails.forMethod(chain.method(merchant));
});

afterAll(async () => {
  await server?.stop();
  await chain?.stop();
  await database?.drop();
});

/** This file's targets are EVM ones: their wallet request is a transaction. */
function evm(request: WalletRequest | BitcoinWalletRequest): WalletRequest {
  if (request.kind !== 'evm_transaction') throw new Error(`not an EVM wallet request: ${request.kind}`);
  return request;
}

describe('evm rail: verify', () => {
  it('accepts a native payment built from prepare(), and records it once', async () => {
    const target = await rail.prepare({ reference: 'pi_native', asset: ETH, amount: 10n ** 16n });
    expect(target).toMatchObject({
      rail: 'evm',
      network: 'eip155:31337',
      recipient: merchant,
      confirmations: 1,
    });
    expect(evm(target.request)).toMatchObject({
      kind: 'evm_transaction',
      chainId: 31337,
      to: merchant,
      data: referenceTag('pi_native'),
    });
    expect(target.uri).toBe(`ethereum:${merchant}@31337?value=10000000000000000`);
    const hash = await chain.pay(1, evm(target.request));
    const result = await rail.verify(
      hash,
      expect6('pi_native', 10n ** 16n, () => ETH),
    );
    expect(result).toMatchObject({
      status: 'confirmed',
      payer: chain.address(1),
      amount: 10n ** 16n,
      index: -1,
    });
    const rows = await records('pi_native');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ chainId: 'eip155:31337', txHash: hash, logIndex: -1, asset: 'native' });
    expect(rail.explorerUrl(hash)).toBe(`https://explorer.example/tx/${hash}`);
  });

  it('accepts an ERC-20 payment through the token contract, and more than asked', async () => {
    const target = await rail.prepare({ reference: 'pi_tusd', asset: chain.tusd, amount: 25_000_000n });
    expect(evm(target.request).to).toBe(chain.tusd.contract);
    expect(evm(target.request).value).toBe(0n);
    expect(target.uri).toContain('/transfer?address=');
    const hash = await chain.pay(1, evm(target.request));
    expect(await rail.verify(hash, expect6('pi_tusd', 25_000_000n))).toMatchObject({
      status: 'confirmed',
      amount: 25_000_000n,
      recipient: merchant,
    });
    const more = await chain.sendTokenFor('pi_more', 2, chain.tusd.contract ?? '', merchant, 30_000_000n);
    expect(await rail.verify(more, expect6('pi_more', 25_000_000n))).toMatchObject({
      status: 'confirmed',
      amount: 30_000_000n,
    });
  });

  it('rejects an underpayment; one made for the payment is recorded for it (to be refunded once)', async () => {
    const hash = await chain.sendTokenFor('pi_under', 1, chain.tusd.contract ?? '', merchant, 24_999_999n);
    const result = await rail.verify(hash, expect6('pi_under', 25_000_000n));
    expect(result).toMatchObject({
      status: 'rejected',
      reason: 'underpaid',
      underpaid: { amount: 24_999_999n, payer: chain.address(1) },
    });
    expect(await records('pi_under')).toHaveLength(1);
    // A short transfer that names no payment is nobody's: rejected, nothing recorded.
    const plain = await chain.sendToken(1, chain.tusd.contract ?? '', merchant, 24_999_999n);
    const untagged = await rail.verify(plain, expect6('pi_under_plain', 25_000_000n));
    expect(untagged).toMatchObject({ status: 'rejected', reason: 'underpaid' });
    expect(untagged).not.toHaveProperty('underpaid');
    expect(await records('pi_under_plain')).toHaveLength(0);
  });

  it('rejects the wrong token, native coin for a token, and a token for the native coin', async () => {
    const other = await chain.otherToken();
    const wrong = await chain.sendToken(1, other.address, merchant, 25_000_000n);
    expect(rejected(await rail.verify(wrong, expect6('pi_wrong_token', 25_000_000n)))).toBe('wrong_token');
    const eth = await chain.sendEth(1, merchant, 25_000_000n);
    expect(rejected(await rail.verify(eth, expect6('pi_eth_for_token', 25_000_000n)))).toBe('wrong_token');
    const token = await chain.sendToken(1, chain.tusd.contract ?? '', merchant, 10n ** 6n);
    expect(
      rejected(
        await rail.verify(
          token,
          expect6('pi_token_for_eth', 1n, () => ETH),
        ),
      ),
    ).toBe('wrong_token');
  });

  it('rejects a payment to someone else', async () => {
    const hash = await chain.sendToken(1, chain.tusd.contract ?? '', chain.freshAddress(), 25_000_000n);
    const result = await rail.verify(hash, expect6('pi_elsewhere', 25_000_000n));
    expect(result).toMatchObject({ status: 'rejected', reason: 'wrong_recipient' });
  });

  it('rejects a replayed transaction for another intent, and is idempotent for the same one', async () => {
    const hash = await chain.sendTokenFor('pi_first', 3, chain.tusd.contract ?? '', merchant, 5_000_000n);
    expect((await rail.verify(hash, expect6('pi_first', 5_000_000n))).status).toBe('confirmed');
    // Made for pi_first: for another intent it counts only when sent by that intent's committed payer,
    // and then it is already used.
    expect(await rail.verify(hash, expect6('pi_replay', 5_000_000n))).toMatchObject({
      status: 'rejected',
      reason: 'wrong_reference',
    });
    const byPayer = { ...expect6('pi_replay', 5_000_000n), payer: chain.address(3) };
    expect(await rail.verify(hash, byPayer)).toMatchObject({ status: 'rejected', reason: 'already_used' });
    expect(await rail.verify(hash.toUpperCase().replace('0X', '0x'), byPayer)).toMatchObject({
      reason: 'already_used',
    });
    expect((await rail.verify(hash, expect6('pi_first', 5_000_000n))).status).toBe('confirmed');
    expect(await records('pi_first')).toHaveLength(1);
    expect(await records('pi_replay')).toHaveLength(0);
  });

  it('lets exactly one of two intents racing for one transaction have it', async () => {
    const hash = await chain.sendToken(3, chain.tusd.contract ?? '', merchant, 7_000_000n);
    const payer = chain.address(3);
    const results = await Promise.all(
      ['pi_race_a', 'pi_race_b', 'pi_race_c'].map((r) =>
        rail.verify(hash, { ...expect6(r, 7_000_000n), payer }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['confirmed', 'rejected', 'rejected']);
  });

  it('keeps a transaction pending until it has the required confirmations', async () => {
    const deep = server.server.services.rails.forMethod(chain.method(merchant, 3));
    const hash = await chain.sendTokenFor('pi_deep', 2, chain.tusd.contract ?? '', merchant, 1_000_000n);
    expect(await deep.verify(hash, expect6('pi_deep', 1_000_000n))).toEqual({
      status: 'pending',
      txRef: hash,
      confirmations: 1,
      required: 3,
    });
    expect(await records('pi_deep')).toHaveLength(0);
    await chain.mine(1);
    expect(await deep.verify(hash, expect6('pi_deep', 1_000_000n))).toMatchObject({
      status: 'pending',
      confirmations: 2,
    });
    await chain.mine(1);
    expect(await deep.verify(hash, expect6('pi_deep', 1_000_000n))).toMatchObject({
      status: 'confirmed',
      confirmations: 3,
    });
    expect(await records('pi_deep')).toHaveLength(1);
  });

  it('rejects a reverted transaction and an unknown hash', async () => {
    const tooMuch = 10n ** 30n;
    const hash = await chain.sendToken(4, chain.tusd.contract ?? '', merchant, tooMuch, 100_000n);
    expect(rejected(await rail.verify(hash, expect6('pi_reverted', tooMuch)))).toBe('reverted');
    const unknown = `0x${'ab'.repeat(32)}`;
    expect(rejected(await rail.verify(unknown, expect6('pi_unknown', 1n)))).toBe('not_found');
    expect(rejected(await rail.verify('not-a-hash', expect6('pi_unknown', 1n)))).toBe('not_found');
  });

  it('counts a transfer only for the payment it names, or from the committed payer', async () => {
    const plain = await chain.sendToken(2, chain.tusd.contract ?? '', merchant, 2_000_000n);
    expect(rejected(await rail.verify(plain, expect6('pi_noref', 2_000_000n)))).toBe('wrong_reference');
    const other = await chain.sendTokenFor('pi_someone', 2, chain.tusd.contract ?? '', merchant, 2_000_000n);
    expect(rejected(await rail.verify(other, expect6('pi_mine', 2_000_000n)))).toBe('wrong_reference');
    // Not claimed by the refusal: the payment it was made for still gets it.
    expect(await records('pi_mine')).toHaveLength(0);
    expect((await rail.verify(other, expect6('pi_someone', 2_000_000n))).status).toBe('confirmed');
    const fromPayer = { ...expect6('pi_payer_ok', 2_000_000n), payer: chain.address(2) };
    expect((await rail.verify(plain, fromPayer)).status).toBe('confirmed');
  });

  it('checks the payer when the expectation names one', async () => {
    const hash = await chain.sendToken(2, chain.tusd.contract ?? '', merchant, 2_000_000n);
    const result = await rail.verify(hash, { ...expect6('pi_payer', 2_000_000n), payer: chain.address(1) });
    expect(rejected(result)).toBe('wrong_payer');
  });

  it('records inside the caller’s transaction: a rollback forgets the record', async () => {
    const hash = await chain.sendTokenFor('pi_rollback', 2, chain.tusd.contract ?? '', merchant, 3_000_000n);
    const db = server.server.services.database.db;
    await expect(
      db.transaction(async (tx) => {
        expect((await rail.verify(hash, expect6('pi_rollback', 3_000_000n), { db: tx })).status).toBe(
          'confirmed',
        );
        throw new Error('checkout failed after verifying');
      }),
    ).rejects.toThrow('checkout failed');
    expect(await records('pi_rollback')).toHaveLength(0);
    expect((await rail.verify(hash, expect6('pi_rollback', 3_000_000n))).status).toBe('confirmed');
  });

  it('broadcasts a transaction the wallet signed, and refuses one signed for another chain', async () => {
    const target = await rail.prepare({ reference: 'pi_signed', asset: chain.tusd, amount: 4_000_000n });
    const wallet = chain.wallet(5);
    const request = await wallet.prepareTransactionRequest({
      to: evm(target.request).to as `0x${string}`,
      data: evm(target.request).data as `0x${string}`,
      value: 0n,
    });
    const signed = await wallet.signTransaction(request);
    const { txRef } = await rail.submit(signed);
    expect(await rail.submit(signed)).toEqual({ txRef });
    await chain.client.waitForTransactionReceipt({ hash: txRef as `0x${string}` });
    expect(await rail.verify(txRef, expect6('pi_signed', 4_000_000n))).toMatchObject({ status: 'confirmed' });

    const account = privateKeyToAccount(chain.demo.accounts[5]?.privateKey ?? '0x');
    const foreign = await account.signTransaction({
      type: 'eip1559',
      chainId: 8453,
      nonce: 0,
      to: chain.tusd.contract as `0x${string}`,
      gas: 100_000n,
      maxFeePerGas: 10n ** 9n,
      maxPriorityFeePerGas: 1n,
    });
    await expect(rail.submit(foreign)).rejects.toBeInstanceOf(RailError);
    await expect(rail.submit('0xdeadbeef')).rejects.toMatchObject({ code: 'invalid_transaction' });
  });

  // Last: it rewinds the chain.
  it('never confirms a transaction that a reorganisation removed', async () => {
    const deep = server.server.services.rails.forMethod(chain.method(merchant, 2));
    const snapshot = await chain.snapshot();
    const hash = await chain.sendTokenFor('pi_reorg', 6, chain.tusd.contract ?? '', merchant, 8_000_000n);
    expect(await deep.verify(hash, expect6('pi_reorg', 8_000_000n))).toMatchObject({
      status: 'pending',
      confirmations: 1,
    });
    await chain.revert(snapshot);
    await chain.mine(3);
    expect(rejected(await deep.verify(hash, expect6('pi_reorg', 8_000_000n)))).toBe('not_found');
    expect(await records('pi_reorg')).toHaveLength(0);
  });
});
