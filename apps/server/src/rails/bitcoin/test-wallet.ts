// The test wallet of test mode: pays from keys of a fixed test seed funded by the local chain's
// coinbases, through any Esplora API (listing its UTXOs, signing P2WPKH inputs, broadcasting). It
// serves "Pay with test wallet" and the tests; never used live.
import { createHash } from 'node:crypto';
import { payments, Psbt, Transaction } from 'bitcoinjs-lib';
import { ECPairFactory } from 'ecpair';
import * as ecc from 'tiny-secp256k1';
import type { EsploraClient } from './client.js';
import { bip32, networkOf, type BitcoinNetworkName } from './keys.js';

const ECPair = ECPairFactory(ecc);
const FEE_RATE = 2n; // sat/vbyte
const DUST = 546n;

export interface PayOptions {
  /** Signal replace-by-fee (BIP125) so a later payment may replace this one. */
  rbf?: boolean;
  /** Spend these outpoints (`txid:vout`) instead of choosing coins: a replacement of an earlier payment. */
  spend?: readonly string[];
  /** Fee in satoshis instead of the estimate (a replacement pays more). */
  fee?: bigint;
}

interface WalletKey {
  address: string;
  pair: ReturnType<typeof ECPair.fromPrivateKey>;
}

export class TestBitcoinWallet {
  private readonly network;
  readonly keys: WalletKey[] = [];

  constructor(
    readonly esplora: EsploraClient,
    readonly networkName: BitcoinNetworkName = 'regtest',
    seedText = 'payshelf test bitcoin wallet',
    keyCount = 3,
  ) {
    this.network = networkOf(networkName);
    const seed = createHash('sha512').update(seedText).digest();
    const root = bip32.fromSeed(seed, this.network);
    for (let i = 0; i < keyCount; i += 1) {
      const node = root.derivePath(`m/84'/1'/0'/0/${i}`);
      if (!node.privateKey) throw new Error('no private key');
      const pair = ECPair.fromPrivateKey(node.privateKey, { network: this.network });
      const { address } = payments.p2wpkh({ pubkey: pair.publicKey, network: this.network });
      if (!address) throw new Error('no address');
      this.keys.push({ address, pair });
    }
  }

  /** The address coinbases fund (the first key). */
  get address(): string {
    return this.keys[0]?.address ?? '';
  }

  async balance(): Promise<bigint> {
    let total = 0n;
    for (const key of this.keys) for (const u of await this.esplora.utxos(key.address)) total += u.value;
    return total;
  }

  /** Pays `sats` to `to`; answers the txid and raw hex of the broadcast transaction. */
  async pay(to: string, sats: bigint, options: PayOptions = {}): Promise<{ txid: string; hex: string }> {
    const coins: Array<{ txid: string; vout: number; value: bigint; key: WalletKey }> = [];
    for (const key of this.keys) {
      for (const u of await this.esplora.utxos(key.address)) coins.push({ ...u, key });
    }
    if (options.spend) {
      for (const outpoint of options.spend) {
        const [txid = '', vout = '0'] = outpoint.split(':');
        const tx = await this.esplora.tx(txid);
        const out = tx?.vout[Number(vout)];
        const key = this.keys.find((k) => k.address === out?.scriptpubkey_address);
        if (!out || !key) throw new Error(`cannot spend ${outpoint}`);
        coins.push({ txid, vout: Number(vout), value: BigInt(out.value), key });
      }
    }
    const chosen: typeof coins = [];
    const wanted = options.spend ? new Set(options.spend) : null;
    let total = 0n;
    for (const coin of coins) {
      if (wanted && !wanted.has(`${coin.txid}:${coin.vout}`)) continue;
      chosen.push(coin);
      total += coin.value;
      if (!wanted && total >= sats + 1000n) break;
    }
    const fee = options.fee ?? BigInt(11 + 68 * chosen.length + 31 * 2) * FEE_RATE;
    if (total < sats + fee) throw new Error(`test wallet: ${total} sats, ${sats + fee} needed`);
    const psbt = new Psbt({ network: this.network });
    const sequence = options.rbf ? 0xfffffffd : 0xffffffff;
    for (const coin of chosen) {
      const script = payments.p2wpkh({ pubkey: coin.key.pair.publicKey, network: this.network }).output;
      if (!script) throw new Error('no script');
      psbt.addInput({
        hash: coin.txid,
        index: coin.vout,
        sequence,
        witnessUtxo: { script, value: coin.value },
      });
    }
    psbt.addOutput({ address: to, value: sats });
    const change = total - sats - fee;
    if (change >= DUST) psbt.addOutput({ address: this.address, value: change });
    chosen.forEach((coin, i) => psbt.signInput(i, coin.key.pair));
    psbt.finalizeAllInputs();
    const hex = psbt.extractTransaction().toHex();
    const txid = await this.esplora.broadcast(hex);
    return { txid, hex };
  }

  /** The outpoints a transaction of this wallet spent (to replace it by fee). */
  static inputsOf(hex: string): string[] {
    return Transaction.fromHex(hex).ins.map(
      (input) => `${Buffer.from(input.hash).reverse().toString('hex')}:${input.index}`,
    );
  }
}
