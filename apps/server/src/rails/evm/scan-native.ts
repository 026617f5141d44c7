// Native-coin (ETH) payments whose hash was never posted. A native transfer leaves no log, so the blocks
// themselves are read: a wallet's native payment is a plain transaction to the merchant whose data is
// the payment's reference tag (calls.ts). Each block's transfers to the merchant are remembered (hash
// and data tail only), so a run reads only the blocks that are new since the last one, plus the most
// recent REREAD_BLOCKS again in case they were reorganised. Only tagged transfers are attributed.
import type { Hex } from 'viem';
import type { EvmRailCore } from './core.js';
import { carriesReference } from './reference.js';
import type { FoundTransfer } from './scan.js';

/** Recent blocks read again on every run (a reorganisation may have replaced them). */
const REREAD_BLOCKS = 64n;
/** Blocks fetched at once. */
const BATCH = 8;
/** Hex characters of a transaction's data kept: enough for a reference tag (16 bytes). */
const TAIL = 32;

interface NativeTransfer {
  hash: string;
  tail: string;
}

export class NativeTransferScan {
  /** Block number → native transfers to the merchant in it (the merchant of `merchant`). */
  private readonly blocks = new Map<bigint, NativeTransfer[]>();
  private merchant: string | null = null;

  constructor(private readonly core: EvmRailCore) {}

  async find(references: readonly string[], lookbackBlocks: number): Promise<FoundTransfer[]> {
    if (references.length === 0) return [];
    await this.core.checkChain();
    const merchant = (await this.core.merchant()).toLowerCase();
    if (merchant !== this.merchant) {
      this.blocks.clear();
      this.merchant = merchant;
    }
    const head = await this.core.client.getBlockNumber({ cacheTime: 0 });
    const back = BigInt(lookbackBlocks);
    const from = head > back ? head - back : 0n;
    for (const n of [...this.blocks.keys()]) {
      if (n < from || n > head || n + REREAD_BLOCKS > head) this.blocks.delete(n);
    }
    const missing: bigint[] = [];
    for (let n = from; n <= head; n += 1n) if (!this.blocks.has(n)) missing.push(n);
    for (let i = 0; i < missing.length; i += BATCH) {
      await Promise.all(missing.slice(i, i + BATCH).map((n) => this.read(n, merchant)));
    }
    const found: FoundTransfer[] = [];
    for (const transfers of this.blocks.values()) {
      for (const t of transfers) {
        const reference = references.find((r) => carriesReference(t.tail, r));
        if (reference) found.push({ txRef: t.hash, reference });
      }
    }
    return found;
  }

  private async read(blockNumber: bigint, merchant: string): Promise<void> {
    const block = await this.core.client.getBlock({ blockNumber, includeTransactions: true });
    const transfers: NativeTransfer[] = [];
    for (const tx of block.transactions) {
      if (tx.to?.toLowerCase() !== merchant || tx.value === 0n) continue;
      transfers.push({ hash: tx.hash.toLowerCase(), tail: tailOf(tx.input) });
    }
    this.blocks.set(blockNumber, transfers);
  }
}

const tailOf = (input: Hex) => input.toLowerCase().slice(-TAIL);
