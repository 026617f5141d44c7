import { describe, expect, it } from 'vitest';
import { bip21Uri, btcOfSats, parseBip21, satsOfBtc } from './bip21.js';
import { accountXpubOf, parseXpub, receiveAddress } from './keys.js';

const SEED = new Uint8Array(32).fill(7);

describe('BIP84 watch-only derivation', () => {
  it('derives distinct regtest P2WPKH addresses from a vpub, the same ones every time', () => {
    const xpub = accountXpubOf(SEED, 'regtest');
    expect(xpub.startsWith('vpub')).toBe(true);
    const parsed = parseXpub(xpub, 'regtest');
    if (!parsed.ok) throw new Error(parsed.reason);
    const a0 = receiveAddress(parsed.node, 0, 'regtest');
    const a1 = receiveAddress(parsed.node, 1, 'regtest');
    expect(a0).toMatch(/^bcrt1q[02-9ac-hj-np-z]{38}$/);
    expect(a1).not.toBe(a0);
    const again = parseXpub(xpub, 'regtest');
    if (!again.ok) throw new Error(again.reason);
    expect(receiveAddress(again.node, 0, 'regtest')).toBe(a0);
    expect(receiveAddress(parsed.node, 0, 'testnet')).toMatch(/^tb1q/);
  });

  it('matches the BIP84 test vector (abandon ... about, m/84h/0h/0h/0/0)', () => {
    const zpub =
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    const parsed = parseXpub(zpub, 'mainnet');
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(receiveAddress(parsed.node, 0, 'mainnet')).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(receiveAddress(parsed.node, 1, 'mainnet')).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it('refuses a key of the wrong network, a private key and garbage, saying why', () => {
    const vpub = accountXpubOf(SEED, 'testnet');
    const zpub = accountXpubOf(SEED, 'mainnet');
    expect(parseXpub(vpub, 'mainnet')).toMatchObject({ ok: false, reason: expect.stringContaining('zpub') });
    expect(parseXpub(zpub, 'testnet')).toMatchObject({ ok: false, reason: expect.stringContaining('vpub') });
    expect(parseXpub('vprv9DMUxX4ShgxMM', 'testnet')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('private'),
    });
    expect(parseXpub(`${vpub.slice(0, -1)}x`, 'testnet')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('does not parse'),
    });
  });
});

describe('BIP21', () => {
  it('writes satoshis as BTC without floats and reads them back', () => {
    expect(btcOfSats(150_000_000n)).toBe('1.5');
    expect(btcOfSats(1n)).toBe('0.00000001');
    expect(btcOfSats(2_100_000_000_000_000n)).toBe('21000000');
    expect(btcOfSats(0n)).toBe('0');
    expect(satsOfBtc('0.00012345')).toBe(12_345n);
    expect(() => satsOfBtc('0.000000001')).toThrow();
    const uri = bip21Uri('bcrt1qexample', 12_345n, 'Order 7');
    expect(uri).toBe('bitcoin:bcrt1qexample?amount=0.00012345&label=Order+7');
    expect(parseBip21(uri)).toEqual({ address: 'bcrt1qexample', sats: 12_345n });
  });
});
