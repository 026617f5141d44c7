import { getAddress, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evmSettingsFromMethod } from '../../src/rails/evm/settings.js';
import type { EvmRail } from '../../src/rails/evm/rail.js';
import { RailError } from '../../src/rails/types.js';
import { ETH, evmPlugin, startChain, type TestChain } from '../support/chain.js';
import { cloneTestDatabase } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';

// Fast pay: the payer approved the merchant's spender (the server's hot wallet) and the server pulls with
// transferFrom, after checking "delegation sufficient" and "balance sufficient". Refunds go out the same way.
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: TestServer;
let chain: TestChain;
let rail: EvmRail;
let spender: string;
let merchant: string;

beforeAll(async () => {
  [database, chain] = await Promise.all([cloneTestDatabase(), startChain()]);
  server = await startTestServer(database.url);
  merchant = chain.freshAddress();
  rail = evmPlugin(server.server.services.rails).rail(evmSettingsFromMethod(chain.method(merchant)));
  spender = await rail.spender();
});

afterAll(async () => {
  await server?.stop();
  await chain?.stop();
  await database?.drop();
});

describe('evm rail: delegation and pull', () => {
  it('reports balance and delegation separately', async () => {
    const funds = await rail.standing(chain.address(6), chain.tusd, 50_000_000n);
    expect(funds).toEqual({
      balance: 10_000_000_000n,
      allowance: 0n,
      balanceSufficient: true,
      delegationSufficient: false,
    });
    const eth = await rail.standing(chain.address(6), ETH, parseEther('1'));
    expect(eth).toMatchObject({ allowance: null, balanceSufficient: true, delegationSufficient: false });
  });

  it('refuses to pull without a sufficient allowance, and without gas money it says so', async () => {
    const result = await rail.pull(
      { payer: chain.address(6), asset: chain.tusd, reference: 'pi_none' },
      1_000_000n,
    );
    expect(result).toEqual({
      status: 'insufficient',
      reason: 'delegation',
      balance: 10_000_000_000n,
      allowance: 0n,
    });
    await chain.approve(6, chain.tusd.contract ?? '', spender, 1_000_000n);
    await expect(
      rail.pull({ payer: chain.address(6), asset: chain.tusd, reference: 'pi_gasless' }, 1_000_000n),
    ).rejects.toMatchObject({ code: 'hot_wallet_unfunded' });
  });

  it('pulls through the allowance and the pull verifies like a payment', async () => {
    await chain.setEth(spender, parseEther('10'));
    const approval = await rail.prepareMandate(chain.tusd, 100_000_000n);
    expect(approval).toMatchObject({ kind: 'evm_transaction', to: chain.tusd.contract, value: 0n });
    await chain.pay(7, approval);
    const check = await rail.standing(chain.address(7), chain.tusd, 60_000_000n);
    expect(check).toMatchObject({
      allowance: 100_000_000n,
      delegationSufficient: true,
      balanceSufficient: true,
    });

    const before = await chain.tokenBalance(chain.tusd.contract ?? '', merchant);
    const pulled = await rail.pull(
      { payer: chain.address(7), asset: chain.tusd, reference: 'pi_fast' },
      60_000_000n,
    );
    if (pulled.status !== 'submitted') throw new Error(`pull: ${pulled.status}`);
    await chain.client.waitForTransactionReceipt({ hash: pulled.txRef as `0x${string}` });
    const verified = await rail.verify(pulled.txRef, {
      reference: 'pi_fast',
      asset: chain.tusd,
      amount: 60_000_000n,
      payer: chain.address(7),
    });
    expect(verified).toMatchObject({
      status: 'confirmed',
      payer: chain.address(7),
      recipient: getAddress(merchant),
    });
    expect(await chain.tokenBalance(chain.tusd.contract ?? '', merchant)).toBe(before + 60_000_000n);

    // 40 TUSD of allowance is left: asking for 50 is "delegation insufficient".
    const again = await rail.pull(
      { payer: chain.address(7), asset: chain.tusd, reference: 'pi_fast_2' },
      50_000_000n,
    );
    expect(again).toMatchObject({ status: 'insufficient', reason: 'delegation', allowance: 40_000_000n });
  });

  it('reports "balance insufficient" when the allowance is there but the money is not', async () => {
    await chain.approve(8, chain.tusd.contract ?? '', spender, 10n ** 18n);
    const rich = await rail.pull(
      { payer: chain.address(8), asset: chain.tusd, reference: 'pi_rich' },
      10n ** 17n,
    );
    expect(rich).toEqual({
      status: 'insufficient',
      reason: 'balance',
      balance: 10_000_000_000n,
      allowance: 10n ** 18n,
    });
  });

  it('refuses native pulls: the native coin cannot be delegated', async () => {
    await expect(
      rail.pull({ payer: chain.address(6), asset: ETH, reference: 'pi_eth' }, 1n),
    ).rejects.toBeInstanceOf(RailError);
    await expect(rail.prepareMandate(ETH, 1n)).rejects.toMatchObject({ code: 'rail_unsupported' });
  });

  it('refunds from the hot wallet in the token and in the native coin', async () => {
    const hotRail = evmPlugin(server.server.services.rails).rail(evmSettingsFromMethod(chain.method(null)));
    expect(await hotRail.merchant()).toBe(spender);
    await chain.sendToken(9, chain.tusd.contract ?? '', spender, 5_000_000n);
    const customer = chain.freshAddress();
    const token = await hotRail.refund({
      reference: 're_1',
      to: customer,
      asset: chain.tusd,
      amount: 2_000_000n,
    });
    await chain.client.waitForTransactionReceipt({ hash: token.txRef as `0x${string}` });
    expect(await chain.tokenBalance(chain.tusd.contract ?? '', customer)).toBe(2_000_000n);
    const refunded = await hotRail.verify(token.txRef, {
      reference: 're_1',
      asset: chain.tusd,
      amount: 2_000_000n,
      recipient: customer,
    });
    expect(refunded).toMatchObject({ status: 'confirmed', payer: getAddress(spender) });

    const native = await hotRail.refund({
      reference: 're_2',
      to: customer,
      asset: ETH,
      amount: parseEther('0.5'),
    });
    await chain.client.waitForTransactionReceipt({ hash: native.txRef as `0x${string}` });
    expect(await chain.client.getBalance({ address: customer })).toBe(parseEther('0.5'));
  });
});
