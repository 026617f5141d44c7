// Asks each URL of a list exactly once over `connections` keep-alive sockets (each sends its next URL as
// soon as its previous answer ends), from a child process, so the client's own work shares neither the
// event loop nor the CPU accounting of the server under test. Unlike a timed loop it never wraps round
// to a URL already asked: with distinct queries, no answer can come from a cache.
import { spawn } from 'node:child_process';

export interface OnceResult {
  /** Milliseconds per URL, in the order of the list. */
  latencies: number[];
  /** The `total` field of each JSON answer (-1 when absent). */
  totals: number[];
  /** How many answers were not 200. */
  errors: number;
  seconds: number;
}

const CLIENT = `
const http = require('node:http');
const { urls, connections } = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = new Array(urls.length).fill(0);
const totals = new Array(urls.length).fill(-1);
let errors = 0;
let next = 0;
const started = process.hrtime.bigint();
function once(i) {
  const url = new URL(urls[i]);
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'GET', agent },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          latencies[i] = Number(process.hrtime.bigint() - t0) / 1e6;
          if (res.statusCode !== 200) errors++;
          const m = /"total":(\\d+)/.exec(Buffer.concat(chunks).toString());
          if (m) totals[i] = Number(m[1]);
          resolve();
        });
      },
    );
    req.on('error', () => { errors++; resolve(); });
    req.end();
  });
}
async function loop() { while (next < urls.length) await once(next++); }
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  agent.destroy();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  process.stdout.write(JSON.stringify({ latencies, totals, errors, seconds }));
});
`;

export function loadOnce(urls: string[], connections: number): Promise<OnceResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load client exited with ${code}`));
      resolve(JSON.parse(out) as OnceResult);
    });
    child.stdin.end(JSON.stringify({ urls, connections }));
  });
}

/** The value at quantile `q` of `values` (sorted inside). */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
