// The chain's transactions in Esplora's JSON shapes (blockstream/electrs REST API): what GET /tx/:txid,
// /tx/:txid/status, /address/:address/txs and /address/:address/utxo answer. Values are satoshis.
import { address as baddress, type Network } from 'bitcoinjs-lib';
import { txidOfInput, type KnownTx, type RegtestChain } from './chain.js';

export interface EsploraStatus {
  confirmed: boolean;
  block_height?: number;
  block_hash?: string;
  block_time?: number;
}

export interface EsploraOutput {
  scriptpubkey: string;
  scriptpubkey_type: string;
  scriptpubkey_address?: string;
  value: number;
}

export interface EsploraTx {
  txid: string;
  version: number;
  locktime: number;
  vin: Array<{
    txid: string;
    vout: number;
    prevout: EsploraOutput | null;
    scriptsig: string;
    witness: string[];
    is_coinbase: boolean;
    sequence: number;
  }>;
  vout: EsploraOutput[];
  size: number;
  weight: number;
  fee: number;
  status: EsploraStatus;
}

export function addressOf(script: Uint8Array, network: Network): string | undefined {
  try {
    return baddress.fromOutputScript(script, network);
  } catch {
    return undefined;
  }
}

function outputJson(out: { script: Uint8Array; value: bigint }, network: Network): EsploraOutput {
  const address = addressOf(out.script, network);
  const isWpkh = out.script.length === 22 && out.script[0] === 0 && out.script[1] === 20;
  return {
    scriptpubkey: Buffer.from(out.script).toString('hex'),
    scriptpubkey_type: isWpkh ? 'v0_p2wpkh' : 'unknown',
    ...(address ? { scriptpubkey_address: address } : {}),
    // Satoshis fit a JSON number exactly (21e14 < 2^53); readers turn them into bigint.
    value: Number(out.value),
  };
}

export function statusJson(chain: RegtestChain, known: KnownTx): EsploraStatus {
  if (known.height === null) return { confirmed: false };
  const block = chain.blockAt(known.height);
  return {
    confirmed: true,
    block_height: known.height,
    ...(block ? { block_hash: block.hash, block_time: block.time } : {}),
  };
}

export function txJson(chain: RegtestChain, known: KnownTx): EsploraTx {
  const { tx } = known;
  const coinbase = tx.isCoinbase();
  return {
    txid: known.txid,
    version: tx.version,
    locktime: tx.locktime,
    vin: tx.ins.map((input) => {
      const prevTxid = txidOfInput(input);
      const prev = coinbase ? undefined : chain.get(prevTxid)?.tx.outs[input.index];
      return {
        txid: prevTxid,
        vout: input.index,
        prevout: prev ? outputJson(prev, chain.network) : null,
        scriptsig: Buffer.from(input.script).toString('hex'),
        witness: input.witness.map((w) => Buffer.from(w).toString('hex')),
        is_coinbase: coinbase,
        sequence: input.sequence,
      };
    }),
    vout: tx.outs.map((o) => outputJson(o, chain.network)),
    size: tx.byteLength(),
    weight: tx.weight(),
    fee: Number(known.fee),
    status: statusJson(chain, known),
  };
}

/** Transactions paying or spending from `address`: mempool first, then confirmed, newest first. */
export function addressTxs(chain: RegtestChain, address: string): EsploraTx[] {
  const touches = (t: KnownTx) =>
    t.tx.outs.some((o) => addressOf(o.script, chain.network) === address) ||
    (!t.tx.isCoinbase() &&
      t.tx.ins.some((input) => {
        const prev = chain.get(txidOfInput(input))?.tx.outs[input.index];
        return prev ? addressOf(prev.script, chain.network) === address : false;
      }));
  const list = chain.all().filter(touches);
  const mempool = list.filter((t) => t.height === null).reverse();
  const confirmed = list.filter((t) => t.height !== null).reverse();
  return [...mempool, ...confirmed].map((t) => txJson(chain, t));
}

export function addressUtxos(chain: RegtestChain, address: string) {
  const out: Array<{ txid: string; vout: number; value: number; status: EsploraStatus }> = [];
  for (const t of chain.all()) {
    t.tx.outs.forEach((o, vout) => {
      if (addressOf(o.script, chain.network) !== address || chain.spender(t.txid, vout)) return;
      out.push({ txid: t.txid, vout, value: Number(o.value), status: statusJson(chain, t) });
    });
  }
  return out;
}
