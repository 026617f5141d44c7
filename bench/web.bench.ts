// The checkout page and the store's home in Chromium on a 10 Mbps / 40 ms network: compressed JavaScript
// each downloads and its largest contentful paint (median of several fresh-profile loads). Builds the web
// app first unless BENCH_NO_BUILD=1.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import pino from 'pino';
import { createServer } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/core/config.js';
import { freePort } from '../apps/server/src/db/embedded.js';
import { median } from './support/load.js';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const SECRET = 'sk_test_BenchKey0123456789abcdefghijkl';
const GOALS = { jsBytes: 350 * 1024, lcpMs: 1000 };

interface Sample {
  jsBytes: number;
  jsFiles: number;
  lcp: number;
  element: string;
}

declare global {
  interface Window {
    __lcp?: { time: number; element: string };
    __lcpAll?: string[];
  }
}

async function measure(url: string, readyTestId: string): Promise<Sample> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    if (process.env.BENCH_WEB_CONSENTED === '1') {
      await context.addCookies([{ name: 'CookieConsent', value: 'true', url }]);
    }
    const page = await context.newPage();
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1) as
          (PerformanceEntry & { element?: Element | null }) | undefined;
        if (!last) return;
        const el = last.element;
        const label = el
          ? `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} "${(el.textContent ?? '').slice(0, 40)}"`
          : '?';
        window.__lcp = { time: last.startTime, element: label };
        window.__lcpAll = [
          ...(window.__lcpAll ?? []),
          ...list
            .getEntries()
            .map((e) => `${e.startTime.toFixed(0)}ms ${(e as PerformanceEntry & { size: number }).size}`),
        ];
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: (10 * 1024 * 1024) / 8,
      uploadThroughput: (10 * 1024 * 1024) / 8,
    });
    let jsBytes = 0;
    let jsFiles = 0;
    const scripts = new Map<string, string>();
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.set(e.requestId, e.response.url);
    });
    cdp.on('Network.loadingFinished', (e) => {
      const script = scripts.get(e.requestId);
      if (!script) return;
      jsBytes += e.encodedDataLength;
      jsFiles++;
      if (process.env.BENCH_WEB_VERBOSE === '1') console.log(`    ${e.encodedDataLength} ${script}`);
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.getByTestId(readyTestId).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    const lcp = await page.evaluate(() => window.__lcp ?? { time: NaN, element: 'none' });
    if (process.env.BENCH_WEB_VERBOSE === '1') {
      console.log(`    LCP entries ${(await page.evaluate(() => window.__lcpAll ?? [])).join(', ')}`);
    }
    return { jsBytes, jsFiles, lcp: lcp.time, element: lcp.element };
  } finally {
    await browser.close();
  }
}

function report(name: string, samples: Sample[], jsGoal: boolean): void {
  const jsBytes = median(samples.map((s) => s.jsBytes));
  const lcp = median(samples.map((s) => s.lcp));
  const files = median(samples.map((s) => s.jsFiles));
  const goal = jsGoal ? `   ${jsBytes <= GOALS.jsBytes ? '✓' : '✗'} goal <= ${GOALS.jsBytes / 1024} KB` : '';
  console.log(`  ${name}`);
  console.log(
    `    JS         ${(jsBytes / 1024).toFixed(0).padStart(6)} KB compressed in ${files} files${goal}`,
  );
  console.log(
    `    LCP        ${lcp.toFixed(0).padStart(6)} ms   ${lcp < GOALS.lcpMs ? '✓' : '✗'} goal < ${GOALS.lcpMs} ms` +
      `   (runs: ${samples.map((s) => s.lcp.toFixed(0)).join(', ')})`,
  );
  console.log(`    element    ${samples.at(-1)?.element ?? '?'}`);
}

async function main() {
  if (process.env.BENCH_NO_BUILD !== '1') {
    const built = spawnSync('npm', ['run', 'build', '-w', '@payshelf/web'], { stdio: 'ignore' });
    if (built.status !== 0) throw new Error('web build failed (npm run build -w @payshelf/web)');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-bench-web-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'true',
    DEMO_CHAIN: 'false',
    PAYMENT_TEST_SECRET_KEY: SECRET,
  });
  const server = await createServer(config, pino({ level: 'silent' }));
  const origin = (await server.start()).replace('127.0.0.1', 'localhost');
  try {
    const api = `${origin}/payment/api`;
    const links = (await (
      await fetch(`${api}/payment-links?limit=20`, { headers: { authorization: `Bearer ${SECRET}` } })
    ).json()) as { data: Array<{ id: string; name: string | null }> };
    const link = links.data.find((l) => /upsell/i.test(l.name ?? '')) ?? links.data[0];
    if (!link) throw new Error('no demo payment link');
    const checkout: Sample[] = [];
    const home: Sample[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = (await (
        await fetch(`${api}/checkout-sessions/start/${link.id}`, { method: 'POST' })
      ).json()) as { checkoutSession: { id: string } };
      checkout.push(
        await measure(`${origin}/payment/checkout/pay/${started.checkoutSession.id}`, 'order-summary'),
      );
      home.push(await measure(`${origin}/`, 'page-home'));
    }
    console.log(`Chromium, 10 Mbps / 40 ms, fresh profile, median of ${RUNS}`);
    report('checkout page', checkout, true);
    report('store home', home, false);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
