// A regtest-style Bitcoin chain in memory: real transactions (bitcoinjs-lib), P2WPKH signatures checked
// against the outputs they spend, a mempool with replace-by-fee (BIP125: the replaced transaction
// signals it and the replacement pays a higher fee), blocks mined on demand (a coinbase of 50 BTC plus
// fees to a given address), and reorgs (the last blocks invalidated; their transactions go back to
// the mempool unless dropped, as a double spend in a competing chain would drop them). Its state is
// the blocks' and the mempool's raw transactions; everything else is derived from them.
import { createHash } from 'node:crypto';
import { crypto as bcrypto, payments, script, Transaction, type Network } from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';

export class ChainRejection extends Error {}

export interface Block {
  hash: string;
  height: number;
  time: number;
  /** Raw transactions, the coinbase first. */
  txs: string[];
}

export interface Snapshot {
  blocks: Block[];
  mempool: string[];
}

export interface KnownTx {
  txid: string;
  tx: Transaction;
  hex: string;
  /** The block height it is confirmed in, or null in the mempool. */
  height: number | null;
  fee: bigint;
}

const SUBSIDY = 50n * 100_000_000n;
const FINAL_SEQUENCE = 0xfffffffe;

const sha256d = (data: Buffer) =>
  createHash('sha256').update(createHash('sha256').update(data).digest()).digest();

export function txidOfInput(input: { hash: Uint8Array }): string {
  return Buffer.from(input.hash).reverse().toString('hex');
}

export class RegtestChain {
  private blocks: Block[] = [];
  private mempool: string[] = [];
  private known = new Map<string, KnownTx>();
  private spentBy = new Map<string, string>();

  constructor(
    readonly network: Network,
    snapshot?: Snapshot,
  ) {
    if (snapshot) {
      this.blocks = snapshot.blocks;
      this.mempool = snapshot.mempool;
    } else {
      this.blocks = [{ hash: '00'.repeat(32), height: 0, time: Math.floor(Date.now() / 1000), txs: [] }];
    }
    this.reindex();
  }

  snapshot(): Snapshot {
    return { blocks: this.blocks.map((b) => ({ ...b, txs: [...b.txs] })), mempool: [...this.mempool] };
  }

  tipHeight(): number {
    return this.blocks.length - 1;
  }

  blockAt(height: number): Block | undefined {
    return this.blocks[height];
  }

  get(txid: string): KnownTx | undefined {
    return this.known.get(txid);
  }

  /** Every known transaction (confirmed oldest first, then the mempool in arrival order). */
  all(): KnownTx[] {
    return [...this.known.values()];
  }

  /** The transaction spending `txid:vout`, if any (confirmed or in the mempool). */
  spender(txid: string, vout: number): string | undefined {
    return this.spentBy.get(`${txid}:${vout}`);
  }

  /** Accepts a raw transaction into the mempool (checked, RBF applied); answers its txid. */
  submit(hex: string): string {
    let tx: Transaction;
    try {
      tx = Transaction.fromHex(hex);
    } catch {
      throw new ChainRejection('TX decode failed');
    }
    const txid = tx.getId();
    if (this.known.has(txid)) return txid;
    if (tx.isCoinbase()) throw new ChainRejection('coinbase');
    if (tx.ins.length === 0 || tx.outs.length === 0) throw new ChainRejection('bad-txns-vin-or-vout-empty');
    const conflicts = new Set<string>();
    let inValue = 0n;
    tx.ins.forEach((input, i) => {
      const prevTxid = txidOfInput(input);
      const prev = this.known.get(prevTxid)?.tx.outs[input.index];
      if (!prev) throw new ChainRejection('bad-txns-inputs-missingorspent');
      const spender = this.spentBy.get(`${prevTxid}:${input.index}`);
      if (spender) {
        if (this.known.get(spender)?.height !== null) {
          throw new ChainRejection('bad-txns-inputs-missingorspent');
        }
        conflicts.add(spender);
      }
      this.checkSignature(tx, i, Buffer.from(prev.script), prev.value);
      inValue += prev.value;
    });
    const fee = inValue - tx.outs.reduce((sum, o) => sum + o.value, 0n);
    if (fee < 0n) throw new ChainRejection('bad-txns-in-belowout');
    for (const old of conflicts) {
      const replaced = this.known.get(old);
      if (!replaced || !signalsRbf(replaced.tx)) throw new ChainRejection('txn-mempool-conflict');
      if (fee <= replaced.fee) throw new ChainRejection('insufficient fee');
    }
    this.mempool.push(hex);
    this.prune([...conflicts]);
    return txid;
  }

  /** Mines `count` blocks paying the subsidy and fees to `payTo`; answers their hashes. */
  mine(count: number, payTo: string): string[] {
    const hashes: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const height = this.blocks.length;
      const fees = this.mempool.reduce((sum, h) => sum + (this.known.get(txidOfHex(h))?.fee ?? 0n), 0n);
      const coinbase = new Transaction();
      coinbase.version = 2;
      const tag = Buffer.alloc(8);
      tag.writeUInt32LE(height, 0);
      tag.writeUInt32LE(Math.floor(Math.random() * 2 ** 32), 4);
      coinbase.addInput(Buffer.alloc(32), 0xffffffff, 0xffffffff, tag);
      const { output } = payments.p2wpkh({ address: payTo, network: this.network });
      if (!output) throw new ChainRejection('bad coinbase address');
      coinbase.addOutput(output, SUBSIDY + fees);
      const txs = [coinbase.toHex(), ...this.mempool];
      const prev = this.blocks[height - 1]?.hash ?? '';
      const time = Math.floor(Date.now() / 1000);
      const hash = sha256d(Buffer.from(`${prev}:${time}:${txs.map(txidOfHex).join(',')}`))
        .reverse()
        .toString('hex');
      this.blocks.push({ hash, height, time, txs });
      this.mempool = [];
      hashes.push(hash);
      this.reindex();
    }
    return hashes;
  }

  /**
   * Invalidates the last `count` blocks: their transactions go back to the mempool (coinbases and
   * whatever spends them vanish), except `drop` and what spends them (a double spend won elsewhere).
   */
  invalidate(count: number, drop: readonly string[] = []): void {
    const n = Math.min(count, this.blocks.length - 1);
    const removed = this.blocks.splice(this.blocks.length - n, n);
    const back = removed.flatMap((b) => b.txs.slice(1));
    this.mempool = [...back, ...this.mempool];
    this.prune(drop);
  }

  /** Drops `drop` from the mempool, and every mempool transaction whose inputs no longer exist. */
  private prune(drop: readonly string[]): void {
    const gone = new Set(drop);
    this.reindex();
    const kept: string[] = [];
    const available = new Set(
      this.all()
        .filter((t) => t.height !== null)
        .map((t) => t.txid),
    );
    for (const hex of this.mempool) {
      const tx = Transaction.fromHex(hex);
      const txid = tx.getId();
      if (gone.has(txid) || !tx.ins.every((input) => available.has(txidOfInput(input)))) continue;
      kept.push(hex);
      available.add(txid);
    }
    this.mempool = kept;
    this.reindex();
  }

  private reindex(): void {
    this.known = new Map();
    this.spentBy = new Map();
    const add = (hex: string, height: number | null) => {
      const tx = Transaction.fromHex(hex);
      const txid = tx.getId();
      let fee = 0n;
      if (!tx.isCoinbase()) {
        const inValue = tx.ins.reduce(
          (sum, input) => sum + (this.known.get(txidOfInput(input))?.tx.outs[input.index]?.value ?? 0n),
          0n,
        );
        fee = inValue - tx.outs.reduce((sum, o) => sum + o.value, 0n);
        for (const input of tx.ins) this.spentBy.set(`${txidOfInput(input)}:${input.index}`, txid);
      }
      this.known.set(txid, { txid, tx, hex, height, fee });
    };
    for (const block of this.blocks) for (const hex of block.txs) add(hex, block.height);
    for (const hex of this.mempool) add(hex, null);
  }

  /** A P2WPKH input: the witness is [signature, public key] of the key the spent output pays. */
  private checkSignature(tx: Transaction, index: number, prevScript: Buffer, value: bigint): void {
    const witness = tx.ins[index]?.witness ?? [];
    const program = prevScript.length === 22 && prevScript[0] === 0 && prevScript[1] === 20;
    const [sig, pubkey] = witness;
    if (!program || witness.length !== 2 || !sig || !pubkey) {
      throw new ChainRejection('non-mandatory-script-verify-flag (only P2WPKH is spent here)');
    }
    if (!Buffer.from(bcrypto.hash160(pubkey)).equals(prevScript.subarray(2))) {
      throw new ChainRejection('non-mandatory-script-verify-flag (witness program hash mismatch)');
    }
    let decoded: ReturnType<typeof script.signature.decode>;
    try {
      decoded = script.signature.decode(sig);
    } catch {
      throw new ChainRejection('non-mandatory-script-verify-flag (bad signature encoding)');
    }
    const code = payments.p2pkh({ hash: prevScript.subarray(2) }).output;
    if (!code) throw new ChainRejection('bad script');
    const hash = tx.hashForWitnessV0(index, code, value, decoded.hashType);
    if (!ecc.verify(hash, pubkey, decoded.signature)) {
      throw new ChainRejection(
        'non-mandatory-script-verify-flag (Signature must be zero for failed CHECK(MULTI)SIG operation)',
      );
    }
  }
}

function signalsRbf(tx: Transaction): boolean {
  return tx.ins.some((input) => input.sequence < FINAL_SEQUENCE);
}

export function txidOfHex(hex: string): string {
  return Transaction.fromHex(hex).getId();
}
