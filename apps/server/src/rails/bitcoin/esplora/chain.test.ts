import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EsploraClient } from '../client.js';
import { TestBitcoinWallet } from '../test-wallet.js';
import { startLocalEsplora, type LocalEsplora } from './server.js';

let esplora: LocalEsplora;
let client: EsploraClient;
let wallet: TestBitcoinWallet;
const TO = 'bcrt1q72xweewm4uvlkgzevmewy0dk3mmpymgrn6d2h0';

beforeAll(async () => {
  esplora = await startLocalEsplora();
  client = new EsploraClient(esplora.url);
  wallet = new TestBitcoinWallet(client);
  esplora.mine(2, wallet.address);
});
afterAll(() => esplora.stop());

describe('the local Esplora-compatible regtest chain', () => {
  it('funds the test wallet by coinbase and confirms a signed payment when a block is mined', async () => {
    expect(await wallet.balance()).toBe(100n * 100_000_000n);
    const paid = await wallet.pay(TO, 25_000n);
    expect(await client.txStatus(paid.txid)).toEqual({ confirmed: false });
    const [utxo] = await client.utxos(TO);
    expect(utxo).toMatchObject({ txid: paid.txid, value: 25_000n, confirmed: false });
    esplora.mine(1, wallet.address);
    const status = await client.txStatus(paid.txid);
    expect(status).toMatchObject({ confirmed: true, block_height: 3 });
    expect(await client.blockHashAt(3)).toBe(status?.block_hash);
    expect(await client.tipHeight()).toBe(3);
  });

  it('refuses a tampered signature, a double spend of a confirmed coin and garbage', async () => {
    const paid = await wallet.pay(TO, 10_000n);
    // Same inputs, one output value changed: the signature no longer covers it.
    const tampered = paid.hex.replace('1027000000000000', '1127000000000000');
    expect(tampered).not.toBe(paid.hex);
    // Its coins freed again (the payment dropped, as a double spend elsewhere drops it): only the
    // signature check stands between the tampered copy and the mempool.
    esplora.chain.invalidate(0, [paid.txid]);
    await expect(client.broadcast(tampered)).rejects.toThrow(/script-verify/);
    expect(await client.broadcast(paid.hex)).toBe(paid.txid);
    esplora.mine(1, wallet.address);
    await expect(client.broadcast(tampered)).rejects.toThrow(/missingorspent/);
    await expect(client.broadcast('00')).rejects.toThrow(/decode/);
  });

  it('replaces a payment by fee (BIP125) and moves its transactions back to the mempool on a reorg', async () => {
    const first = await wallet.pay(TO, 30_000n, { rbf: true });
    await expect(
      wallet.pay(TO, 30_000n, { spend: TestBitcoinWallet.inputsOf(first.hex), fee: 100n }),
    ).rejects.toThrow(/insufficient fee/);
    const second = await wallet.pay(TO, 31_000n, {
      spend: TestBitcoinWallet.inputsOf(first.hex),
      fee: 9_000n,
    });
    expect(await client.tx(first.txid)).toBeNull();
    expect((await client.addressTxs(TO)).map((t) => t.txid)).toContain(second.txid);
    esplora.mine(1, wallet.address);
    const height = await client.tipHeight();
    await fetch(`${esplora.url}/test/invalidate`, { method: 'POST', body: '{"blocks":1}' });
    expect(await client.tipHeight()).toBe(height - 1);
    expect(await client.txStatus(second.txid)).toEqual({ confirmed: false });
    await fetch(`${esplora.url}/test/invalidate`, {
      method: 'POST',
      body: JSON.stringify({ blocks: 1, drop: [second.txid] }),
    });
    expect(await client.tx(second.txid)).toBeNull();
  });
});
