// A closed-loop load generator over a list of URLs: `connections` keep-alive sockets, each sending the
// next URL of the list (round robin) as soon as the previous answer ends. It runs in a child process, so
// the client's own work (parsing, timing) shares neither the event loop nor the CPU time accounting of
// the server under test.
import { spawn } from 'node:child_process';
import type { LoadResult } from './load.js';

const CLIENT = `
const http = require('node:http');
const { urls, seconds, connections } = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
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
  process.stdout.write(JSON.stringify({ rps: latencies.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors, requests: latencies.length }));
});
`;

/** Loads `urls` in turn for `seconds` over `connections` sockets, from a child process. */
export function loadUrls(
  urls: string[],
  seconds: number,
  connections: number,
): Promise<LoadResult & { requests: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load client exited with ${code}`));
      resolve(JSON.parse(out) as LoadResult & { requests: number });
    });
    child.stdin.end(JSON.stringify({ urls, seconds, connections }));
  });
}
