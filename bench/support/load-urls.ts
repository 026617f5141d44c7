// A closed-loop load generator over a list of URLs: `connections` keep-alive sockets, each sending the
// next URL of the list (round robin) as soon as the previous answer ends. It runs in a worker thread, so
// the client's own work (parsing, timing) does not share the event loop of the server under test.
import { Worker } from 'node:worker_threads';
import type { LoadResult } from './load.js';

const WORKER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { urls, seconds, connections } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let errors = 0;
let next = 0;
const deadline = Date.now() + seconds * 1000;
function once() {
  const url = new URL(urls[next++ % urls.length]);
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'GET', agent },
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
    req.end();
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

/** Loads `urls` in turn for `seconds` over `connections` sockets, from a worker thread. */
export function loadUrls(urls: string[], seconds: number, connections: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { urls, seconds, connections } });
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
