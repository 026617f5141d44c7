// BIP84 watch-only keys: an account-level extended public key (zpub on mainnet, vpub on testnet and
// regtest) derives the receive address of every payment (m/84'/coin'/account'/0/index, P2WPKH). The
// server never sees a private key.
import { BIP32Factory, type BIP32Interface } from 'bip32';
import { networks, payments, type Network } from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';

export const bip32 = BIP32Factory(ecc);

export type BitcoinNetworkName = 'mainnet' | 'testnet' | 'regtest';

/** SLIP-132 version bytes of BIP84 (native SegWit) extended keys. */
const ZPUB = { public: 0x04b24746, private: 0x04b2430c };
const VPUB = { public: 0x045f1cf6, private: 0x045f18bc };

/** The bitcoinjs network of a method, with the BIP84 version bytes its extended keys carry. */
export function networkOf(name: BitcoinNetworkName): Network {
  if (name === 'mainnet') return { ...networks.bitcoin, bip32: ZPUB };
  if (name === 'testnet') return { ...networks.testnet, bip32: VPUB };
  return { ...networks.regtest, bip32: VPUB };
}

/** The CAIP-2 style id of a Bitcoin network (the chain part of every recorded transfer). */
export function caipOf(name: BitcoinNetworkName): string {
  if (name === 'mainnet') return 'bip122:000000000019d6689c085ae165831e93';
  if (name === 'testnet') return 'bip122:000000000933ea01ad0ee984209779ba';
  return 'bip122:regtest';
}

export type XpubCheck = { ok: true; node: BIP32Interface } | { ok: false; reason: string };

/**
 * Parses an account-level BIP84 extended public key for `name`: a zpub for mainnet, a vpub for testnet
 * and regtest. A private key (zprv/vprv) is refused: the server must never hold one.
 */
export function parseXpub(xpub: string, name: BitcoinNetworkName): XpubCheck {
  const text = xpub.trim();
  const prefix = text.slice(0, 4);
  if (prefix.endsWith('prv'))
    return { ok: false, reason: 'is a private key: give the public key (zpub/vpub)' };
  const wanted = name === 'mainnet' ? 'zpub' : 'vpub';
  if (prefix !== wanted) {
    return { ok: false, reason: `must be a BIP84 ${wanted} for ${name} (got ${prefix || 'nothing'})` };
  }
  try {
    const node = bip32.fromBase58(text, networkOf(name));
    if (!node.isNeutered()) return { ok: false, reason: 'is a private key' };
    return { ok: true, node };
  } catch (err) {
    return { ok: false, reason: `does not parse (${err instanceof Error ? err.message : String(err)})` };
  }
}

/** The receive address at `index` (external chain 0) of an account key. */
export function receiveAddress(account: BIP32Interface, index: number, name: BitcoinNetworkName): string {
  const child = account.derive(0).derive(index);
  const { address } = payments.p2wpkh({ pubkey: child.publicKey, network: networkOf(name) });
  if (!address) throw new Error('p2wpkh address not derived');
  return address;
}

/** The account key of a seed at m/84'/coin'/0' as its zpub/vpub (test wallets and the demo merchant). */
export function accountXpubOf(seed: Uint8Array, name: BitcoinNetworkName): string {
  const coin = name === 'mainnet' ? 0 : 1;
  return bip32.fromSeed(seed, networkOf(name)).derivePath(`m/84'/${coin}'/0'`).neutered().toBase58();
}
