// A small client of the Esplora REST API (blockstream.info, mempool.space, electrs, or the local
// regtest server): only the calls the rail and the test wallet make. Satoshi values become bigint.
import { z } from 'zod';

const output = z.object({
  scriptpubkey: z.string(),
  scriptpubkey_address: z.string().optional(),
  value: z.number().int().min(0),
});
const status = z.object({
  confirmed: z.boolean(),
  block_height: z.number().int().optional(),
  block_hash: z.string().optional(),
});
export const esploraTx = z.object({
  txid: z.string(),
  vin: z.array(
    z.object({
      txid: z.string(),
      vout: z.number().int(),
      prevout: output.nullable().optional(),
      sequence: z.number().int().optional(),
    }),
  ),
  vout: z.array(output),
  status,
});
export type EsploraTxJson = z.infer<typeof esploraTx>;
export type EsploraStatusJson = z.infer<typeof status>;
const utxo = z.object({ txid: z.string(), vout: z.number().int(), value: z.number().int(), status });

export class EsploraError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;

export class EsploraClient {
  readonly base: string;
  constructor(url: string) {
    this.base = url.replace(/\/+$/, '');
  }

  private async call(path: string, init?: RequestInit): Promise<{ status: number; text: string }> {
    const res = await fetch(`${this.base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: res.status, text: await res.text() };
  }

  private async json<T>(path: string, schema: z.ZodType<T>): Promise<T | null> {
    const { status: code, text } = await this.call(path);
    if (code === 404) return null;
    if (code !== 200) throw new EsploraError(code, `esplora ${path}: ${code} ${text.slice(0, 200)}`);
    return schema.parse(JSON.parse(text));
  }

  async tipHeight(): Promise<number> {
    const { status: code, text } = await this.call('/blocks/tip/height');
    if (code !== 200 || !/^\d+$/.test(text.trim())) {
      throw new EsploraError(code, `esplora /blocks/tip/height answered ${code} ${text.slice(0, 100)}`);
    }
    return Number(text.trim());
  }

  async blockHashAt(height: number): Promise<string | null> {
    const { status: code, text } = await this.call(`/block-height/${height}`);
    if (code === 404) return null;
    if (code !== 200) throw new EsploraError(code, `esplora /block-height: ${code}`);
    return text.trim();
  }

  tx(txid: string): Promise<EsploraTxJson | null> {
    return this.json(`/tx/${encodeURIComponent(txid)}`, esploraTx);
  }

  txStatus(txid: string): Promise<EsploraStatusJson | null> {
    return this.json(`/tx/${encodeURIComponent(txid)}/status`, status);
  }

  async txHex(txid: string): Promise<string | null> {
    const { status: code, text } = await this.call(`/tx/${encodeURIComponent(txid)}/hex`);
    if (code === 404) return null;
    if (code !== 200) throw new EsploraError(code, `esplora /tx/hex: ${code}`);
    return text.trim();
  }

  async addressTxs(address: string): Promise<EsploraTxJson[]> {
    return (await this.json(`/address/${encodeURIComponent(address)}/txs`, z.array(esploraTx))) ?? [];
  }

  async utxos(
    address: string,
  ): Promise<Array<{ txid: string; vout: number; value: bigint; confirmed: boolean }>> {
    const list = (await this.json(`/address/${encodeURIComponent(address)}/utxo`, z.array(utxo))) ?? [];
    return list.map((u) => ({
      txid: u.txid,
      vout: u.vout,
      value: BigInt(u.value),
      confirmed: u.status.confirmed,
    }));
  }

  /** Broadcasts a raw transaction (hex); answers its txid or throws with the node's reason. */
  async broadcast(hex: string): Promise<string> {
    const { status: code, text } = await this.call('/tx', { method: 'POST', body: hex });
    if (code !== 200) throw new EsploraError(code, text.slice(0, 300) || `broadcast failed (${code})`);
    return text.trim();
  }
}
