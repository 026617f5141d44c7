// A small closed-loop load generator: `connections` keep-alive sockets, each sending its next request as
// soon as the previous answer ends. It runs in a worker thread so its own work does not share the event
// loop of the servers under test.
import { Worker } from 'node:worker_threads';

export interface LoadTarget {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

const WORKER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { target, seconds, connections } = workerData;
const url = new URL(target.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let errors = 0;
const deadline = Date.now() + seconds * 1000;
function once() {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: target.method || 'GET',
        headers: target.headers || {}, agent },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) errors++;
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          resolve();
        });
      },
    );
    req.on('error', () => { errors++; resolve(); });
    req.end(target.body);
  });
}
async function loop() { while (Date.now() < deadline) await once(); }
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] || 0;
  parentPort.postMessage({ rps: latencies.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors });
});
`;

export function load(target: LoadTarget, seconds: number, connections: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { target, seconds, connections } });
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
