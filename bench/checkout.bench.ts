// The latency a buyer sees on the checkout page's read: retrieve's p50/p99 at a few concurrent clients,
// next to a bare Fastify answering the same JSON, measured as users get it (bench/support/outside.ts:
// Payshelf as `npm start` runs it, autocannon in its own process, alternating runs). The checkout
// routes' throughput ratios are in http.bench.ts. Knobs: BENCH_SECONDS, BENCH_ROUNDS,
// BENCH_LATENCY_CONNECTIONS, BENCH_STRICT=1.
import { autocannon, loadText, median, startBare, startPayshelf, type Run } from './support/outside.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_LATENCY_CONNECTIONS ?? 10);
const SECRET = 'sk_test_BenchKey0123456789abcdefghijkl';
/** Goal: retrieve's p99 at CONNECTIONS clients, in ms. */
const RETRIEVE_P99_MS = 20;

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function main() {
  const payshelf = await startPayshelf({ PAYMENT_TEST_SECRET_KEY: SECRET, DEMO_CHAIN: 'false' });
  try {
    const api = '/payment/api';
    const links = await json<{ data: Array<{ id: string; name: string | null }> }>(
      `${payshelf.base}${api}/payment-links?livemode=false&limit=20`,
      { headers: { authorization: `Bearer ${SECRET}` } },
    );
    const link = links.data.find((l) => /upsell/i.test(l.name ?? '')) ?? links.data[0];
    if (!link) throw new Error('no demo payment link');
    const started = await json<{ checkoutSession: { id: string } }>(
      `${payshelf.base}${api}/checkout-sessions/start/${link.id}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
    );
    const url = `${api}/checkout-sessions/retrieve/${started.checkoutSession.id}`;
    const res = await fetch(payshelf.base + url);
    const type = res.headers.get('content-type') ?? 'application/json';
    const bare = await startBare([{ method: 'GET', url, status: res.status, type, body: await res.text() }]);
    try {
      const target = { method: 'GET' as const, url };
      await autocannon(bare, target, 1, CONNECTIONS);
      await autocannon(payshelf, target, 1, CONNECTIONS);
      const runs = { bare: [] as Run[], payshelf: [] as Run[] };
      for (let round = 0; round < ROUNDS; round++) {
        runs.bare.push(await autocannon(bare, target, SECONDS, CONNECTIONS));
        runs.payshelf.push(await autocannon(payshelf, target, SECONDS, CONNECTIONS));
      }
      const at = (rs: Run[], q: 'p50' | 'p99') => median(rs.map((r) => r[q]));
      const loads = (rs: Run[]) => rs.map((r) => loadText(r.load)).join(', ');
      const p99 = at(runs.payshelf, 'p99');
      const ok = p99 < RETRIEVE_P99_MS;
      console.log(
        `retrieve latency (${CONNECTIONS} connections, autocannon, median of ${ROUNDS} runs of ${SECONDS} s)`,
      );
      console.log(
        `  bare Fastify   p50 ${at(runs.bare, 'p50')} ms   p99 ${at(runs.bare, 'p99')} ms   (${loads(runs.bare)})`,
      );
      console.log(
        `  retrieve       p50 ${at(runs.payshelf, 'p50')} ms   p99 ${p99} ms   ${ok ? '✓' : '✗'} goal p99 < ` +
          `${RETRIEVE_P99_MS} ms   (${loads(runs.payshelf)})`,
      );
      if (!ok && process.env.BENCH_STRICT === '1') process.exitCode = 1;
    } finally {
      await bare.stop();
    }
  } finally {
    await payshelf.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
