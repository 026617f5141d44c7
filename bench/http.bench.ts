// HTTP throughput of the server's cheapest routes, as ratios against a bare node:http server measured in
// the same run on the same machine (absolute numbers vary between machines; ratios are comparable).
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createServer } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/core/config.js';
import { freePort } from '../apps/server/src/db/embedded.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

async function load(url: string): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const deadline = Date.now() + SECONDS * 1000;
  let done = 0;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent }, (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${res.statusCode}`)),
          );
        })
        .on('error', reject);
    });
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) {
        await once();
        done++;
      }
    }),
  );
  agent.destroy();
  return done / SECONDS;
}

async function main() {
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
  });
  const barePort = await freePort();
  await new Promise<void>((r) => bare.listen(barePort, '127.0.0.1', r));

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
  });
  const server = await createServer(config, pino({ level: 'silent' }));
  const base = await server.start();

  const baseline = await load(`http://127.0.0.1:${barePort}/`);
  const rows: Array<[string, number]> = [];
  for (const route of ['/healthz', '/__blocklet__.js?type=json', '/readyz'])
    rows.push([route, await load(base + route)]);

  console.log(`http (concurrency ${CONCURRENCY}, ${SECONDS}s each)`);
  console.log(`  baseline node:http        ${baseline.toFixed(0).padStart(8)} req/s   1.00`);
  for (const [route, rps] of rows) {
    console.log(`  ${route.padEnd(26)}${rps.toFixed(0).padStart(8)} req/s   ${(rps / baseline).toFixed(2)}`);
  }
  await server.stop();
  bare.close();
  await rm(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
