// Throughput as users get it: Payshelf as `npm start` runs it (own process, built code, LOG_LEVEL=info,
// the log written to a file), autocannon in another process, and a bare Fastify in a third answering
// the same content (JSON serialised per request, the same HTML string). Runs alternate bare and Payshelf
// per route; each figure is printed with the load average around it, and each ratio (median of the
// per-round ratios) beside its goal. Knobs: BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_ONLY
// (a route name part), BENCH_STRICT=1 (exit 1 when a goal is missed).
import {
  autocannon,
  loadText,
  median,
  startBare,
  startPayshelf,
  type Run,
  type Target,
} from './support/outside.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const WARMUP_SECONDS = 1;
const SECRET = 'sk_test_BenchKey0123456789abcdefghijkl';
const BROWSER = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en-US,en;q=0.9' };

interface Route {
  name: string;
  goal: number;
  target: Target;
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The routes of the table, on the demo data: an upsell link's checkout session. */
async function routes(base: string): Promise<Route[]> {
  const api = '/payment/api';
  const links = await json<{ data: Array<{ id: string; name: string | null }> }>(
    `${base}${api}/payment-links?livemode=false&limit=20`,
    { headers: { authorization: `Bearer ${SECRET}` } },
  );
  const link = links.data.find((l) => /upsell/i.test(l.name ?? '')) ?? links.data[0];
  if (!link) throw new Error('no demo payment link');
  const started = await json<{ checkoutSession: { id: string } }>(
    `${base}${api}/checkout-sessions/start/${link.id}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
  );
  const all: Route[] = [
    {
      name: 'GET checkout-sessions/retrieve',
      goal: 0.6,
      target: { method: 'GET', url: `${api}/checkout-sessions/retrieve/${started.checkoutSession.id}` },
    },
    {
      name: 'POST checkout-sessions/start',
      goal: 0.25,
      target: {
        method: 'POST',
        url: `${api}/checkout-sessions/start/${link.id}`,
        headers: { 'content-type': 'application/json' },
        body: '{}',
      },
    },
    {
      name: 'GET /products (secret key)',
      goal: 0.4,
      target: { method: 'GET', url: `${api}/products`, headers: { authorization: `Bearer ${SECRET}` } },
    },
    { name: 'GET /api/session', goal: 0.7, target: { method: 'GET', url: '/api/session' } },
    { name: 'GET / (app HTML)', goal: 0.8, target: { method: 'GET', url: '/', headers: BROWSER } },
  ];
  const only = process.env.BENCH_ONLY;
  return only ? all.filter((r) => r.name.includes(only)) : all;
}

/** What Payshelf answers to `target`: the bare server answers the same. */
async function record(base: string, target: Target) {
  const res = await fetch(base + target.url, {
    method: target.method,
    headers: target.headers,
    body: target.body,
  });
  return {
    method: target.method,
    url: target.url.split('?')[0] ?? target.url,
    status: res.status,
    type: res.headers.get('content-type') ?? 'application/octet-stream',
    body: await res.text(),
  };
}

const rps = (run: Run) =>
  `${Math.round(run.rps).toLocaleString('en').padStart(7)} req/s (${loadText(run.load)})`;
const cpu = (run: Run) => (run.cpuPerRequest === null ? '?' : (run.cpuPerRequest * 1e6).toFixed(0));

async function main() {
  const payshelf = await startPayshelf({
    PAYMENT_TEST_SECRET_KEY: SECRET,
    // No local chain (its port is shared by every install on this machine); the checkout has other methods.
    DEMO_CHAIN: 'false',
    // Every request of the bench comes from one address; the per-address start limit would answer 429.
    CHECKOUT_START_RATE_PER_MINUTE: '100000',
  });
  const list = await routes(payshelf.base);
  const bare = await startBare(await Promise.all(list.map((r) => record(payshelf.base, r.target))));
  try {
    console.log(
      `http as users get it: autocannon ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds ` +
        `alternating bare Fastify and Payshelf (npm start, LOG_LEVEL=info; log ${payshelf.log})`,
    );
    for (const route of list) {
      await autocannon(bare, route.target, WARMUP_SECONDS, CONNECTIONS);
      await autocannon(payshelf, route.target, WARMUP_SECONDS, CONNECTIONS);
    }
    const ratios = new Map<string, number[]>();
    const cpuRatios = new Map<string, number[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const route of list) {
        const b = await autocannon(bare, route.target, SECONDS, CONNECTIONS);
        const p = await autocannon(payshelf, route.target, SECONDS, CONNECTIONS);
        const ratio = p.rps / b.rps;
        ratios.set(route.name, [...(ratios.get(route.name) ?? []), ratio]);
        if (b.cpuPerRequest && p.cpuPerRequest)
          cpuRatios.set(route.name, [
            ...(cpuRatios.get(route.name) ?? []),
            b.cpuPerRequest / p.cpuPerRequest,
          ]);
        const failed = p.failed + b.failed ? `   (${p.failed} + ${b.failed} failed)` : '';
        console.log(
          `  ${round} ${route.name.padEnd(31)} bare ${rps(b)}   payshelf ${rps(p)}   ` +
            `${ratio.toFixed(2)}   p99 ${b.p99} / ${p.p99} ms   CPU ${cpu(b)} / ${cpu(p)} µs/req${failed}`,
        );
      }
    }
    console.log(`ratios (Payshelf req/s ÷ bare req/s, median of ${ROUNDS} rounds):`);
    let missed = false;
    for (const route of list) {
      const ratio = median(ratios.get(route.name) ?? []);
      const ok = ratio >= route.goal;
      if (!ok) missed = true;
      const cpuRatio = cpuRatios.has(route.name) ? median(cpuRatios.get(route.name) ?? []).toFixed(2) : '?';
      console.log(
        `  ${route.name.padEnd(33)} ${ratio.toFixed(2)}   ${ok ? '✓' : '✗'} goal >= ${route.goal}` +
          `   (bare CPU per request ÷ Payshelf's: ${cpuRatio})`,
      );
    }
    if (missed && process.env.BENCH_STRICT === '1') process.exitCode = 1;
  } finally {
    await bare.stop();
    await payshelf.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
