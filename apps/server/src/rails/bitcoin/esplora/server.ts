// A local Esplora-compatible HTTP server over the in-memory regtest chain: the subset of the Esplora
// REST API the Bitcoin rail and its test wallet call, plus test-only endpoints to mine blocks,
// invalidate blocks (reorgs) and read the whole state. With `file` the chain's raw transactions are
// written there after every change and read back at start, so a restarted server keeps its chain.
import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkOf, type BitcoinNetworkName } from '../keys.js';
import { ChainRejection, RegtestChain, type Snapshot } from './chain.js';
import { addressTxs, addressUtxos, statusJson, txJson } from './json.js';

export interface LocalEsploraOptions {
  port?: number;
  host?: string;
  network?: BitcoinNetworkName;
  /** Where the chain is kept between runs (JSON of raw transactions); in memory only without it. */
  file?: string;
}

export interface LocalEsplora {
  url: string;
  port: number;
  chain: RegtestChain;
  /** Mines `count` blocks paying the subsidy to `payTo`. */
  mine(count: number, payTo: string): string[];
  stop(): Promise<void>;
}

const MAX_BODY = 1_000_000;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(new ChainRejection('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function loadSnapshot(file: string | undefined): Snapshot | undefined {
  if (!file) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  } catch {
    return undefined;
  }
}

export async function startLocalEsplora(options: LocalEsploraOptions = {}): Promise<LocalEsplora> {
  const chain = new RegtestChain(networkOf(options.network ?? 'regtest'), loadSnapshot(options.file));
  const save = () => {
    if (!options.file) return;
    const temp = `${options.file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(chain.snapshot()));
    renameSync(temp, options.file);
  };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    const json = typeof body !== 'string';
    res.writeHead(status, { 'content-type': json ? 'application/json' : 'text/plain' });
    res.end(json ? JSON.stringify(body) : body);
  };

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://local');
    const parts = url.pathname
      .replace(/^\/api/, '')
      .split('/')
      .filter(Boolean);
    const [a, b, c] = parts;
    if (req.method === 'GET') {
      if (a === 'blocks' && b === 'tip' && c === 'height') return send(res, 200, String(chain.tipHeight()));
      if (a === 'blocks' && b === 'tip' && c === 'hash') {
        return send(res, 200, chain.blockAt(chain.tipHeight())?.hash ?? '');
      }
      if (a === 'block-height' && b) {
        const block = chain.blockAt(Number(b));
        return block ? send(res, 200, block.hash) : send(res, 404, 'Block not found');
      }
      if (a === 'tx' && b) {
        const known = chain.get(b);
        if (!known) return send(res, 404, 'Transaction not found');
        if (c === 'status') return send(res, 200, statusJson(chain, known));
        if (c === 'hex') return send(res, 200, known.hex);
        if (!c) return send(res, 200, txJson(chain, known));
      }
      if (a === 'address' && b && c === 'txs') return send(res, 200, addressTxs(chain, b));
      if (a === 'address' && b && c === 'utxo') return send(res, 200, addressUtxos(chain, b));
      if (a === 'mempool' && b === 'txids') {
        return send(
          res,
          200,
          chain
            .all()
            .filter((t) => t.height === null)
            .map((t) => t.txid),
        );
      }
    }
    if (req.method === 'POST') {
      const body = await readBody(req);
      if (a === 'tx' && !b) {
        const txid = chain.submit(body.trim());
        save();
        return send(res, 200, txid);
      }
      // Test-only: mine blocks ({blocks, address}) and invalidate the tip ({blocks, drop: [txid]}).
      if (a === 'test' && b === 'mine') {
        const { blocks, address } = JSON.parse(body || '{}') as { blocks?: number; address?: string };
        if (!address) return send(res, 400, 'address required');
        const hashes = chain.mine(Math.max(1, Math.min(blocks ?? 1, 100)), address);
        save();
        return send(res, 200, { hashes, height: chain.tipHeight() });
      }
      if (a === 'test' && b === 'invalidate') {
        const { blocks, drop } = JSON.parse(body || '{}') as { blocks?: number; drop?: string[] };
        chain.invalidate(Math.max(1, blocks ?? 1), drop ?? []);
        save();
        return send(res, 200, { height: chain.tipHeight() });
      }
    }
    send(res, 404, 'Not found');
  };

  const server: Server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      const rejected = err instanceof ChainRejection || err instanceof SyntaxError;
      send(res, rejected ? 400 : 500, err instanceof Error ? err.message : String(err));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    chain,
    mine: (count, payTo) => {
      const hashes = chain.mine(count, payTo);
      save();
      return hashes;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
