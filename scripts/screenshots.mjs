// `npm run screenshots`: starts the BUILT server (run `npm run build` first) on a fresh data directory in
// test mode with demo data and the dev wallet, signs the test wallet in (the first account is owner),
// buys two demo items so the portal and admin have something to show, and captures the main pages with
// Debian's chromium (playwright-core) into docs/screenshots/*.png: 1440 px wide, a few at 375 px, and
// the demo catalog in zh. The demo chain listens on port 8545, so only one of these (or one e2e run)
// at a time. CHROMIUM_PATH overrides the browser; each PNG must stay under 300 KB.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, ensureChromium, root } from './lib.mjs';

const outDir = path.join(root, 'docs/screenshots');
const DESKTOP = { width: 1440, height: 900 };
const MOBILE = { width: 375, height: 812 };
/** The demo store's invoice-tracker application (apps/server/src/store/demo/catalog.ts). */
const DEMO_APP_DID = 'z8ia2ytSgV1djkX55ECqksPgysKRATR5Snwqz'; // derived from the name invoice-tracker

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const entry = path.join(root, 'apps/server/dist/main.js');
  if (!existsSync(entry) || !existsSync(path.join(root, 'apps/web/dist/index.html')))
    throw new Error('Build first: npm run build');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payshelf-shots-'));
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(await freePort()),
      DEMO_DATA: '1',
      DEV_WALLET: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ready = await fetch(`${baseUrl}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) return { baseUrl, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not become ready in 120 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Signs the page in with the server's test wallet (the login token approved by the dev wallet). */
async function signIn(page) {
  await page.evaluate(async () => {
    const post = (url, body) =>
      fetch(url, {
        method: 'POST',
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      }).then((r) => r.json());
    const { token } = await post('/api/did/login/token');
    await post('/api/did/login/dev-approve', { token });
    for (let i = 0; i < 50; i += 1) {
      const status = await fetch(`/api/did/login/status?_t_=${String(token)}`).then((r) => r.json());
      if (status.status === 'succeed') return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('login did not succeed');
  });
  await page.reload();
  await page.getByTestId('user-menu-button').waitFor();
}

/** Waits until the page has loaded its data: network quiet and no skeleton or spinner left. */
async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(
      () => !globalThis.document.querySelector('.MuiSkeleton-root, [role="progressbar"]'),
      null,
      {
        timeout: 15_000,
      },
    )
    .catch(() => undefined);
  await page.waitForTimeout(400);
}

const shots = [];
async function shoot(page, name) {
  await settle(page);
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  shots.push({ name, kb: Math.round(statSync(file).size / 1024) });
  console.log(`• ${name}.png (${shots.at(-1).kb} KB)`);
}

async function visit(page, url, name) {
  await page.goto(url);
  await shoot(page, name);
}

/** Opens a demo link's checkout, picks TUSD, fills the contact fields and pays with the test wallet. */
async function buyDemo(page, kindLabel, screenshotName) {
  await page.goto('/payment/demo');
  await page
    .getByTestId('demo-link')
    .filter({ hasText: kindLabel })
    .getByRole('link', { name: 'Open checkout' })
    .click();
  await page.getByTestId('payment-form').waitFor();
  await page.getByTestId('currency-TUSD').click();
  await page.getByTestId('field-name').fill('Ada Lovelace');
  await page.getByTestId('field-email').fill('ada@example.com');
  if (screenshotName) await shoot(page, screenshotName);
  await page.getByTestId('pay-button').click();
  const walletDialog = page.getByTestId('wallet-dialog');
  const fastPay = page.getByTestId('fast-pay-dialog');
  await walletDialog.or(fastPay).first().waitFor({ timeout: 30_000 });
  if (await fastPay.isVisible()) await page.getByTestId('fast-pay-confirm').click();
  else await page.getByTestId('wallet-connect').getByTestId('did-connect-dev-wallet').click();
  await page.getByTestId('checkout-complete').waitFor({ timeout: 90_000 });
}

/** The path a link on the success screen opens. */
async function linkPath(page, name) {
  const href = await page.getByRole('link', { name }).first().getAttribute('href');
  return new URL(href ?? '/', page.url()).pathname;
}

async function run(browser, baseUrl) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP, locale: 'en-US' });
  await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl }]);
  const page = await context.newPage();
  await page.goto('/');
  await signIn(page);

  await visit(page, '/', 'store-home');
  await visit(page, `/blocklets/${DEMO_APP_DID}`, 'store-app-detail');
  await visit(page, '/payment/demo', 'payment-demo');

  await buyDemo(page, 'One-time purchase', 'checkout');
  const invoicePath = await linkPath(page, 'View invoice');
  await buyDemo(page, 'Upsell', null);
  const subscriptionPath = await linkPath(page, /^View subscription/);

  await visit(page, '/payment/customer', 'portal-home');
  await visit(page, subscriptionPath, 'portal-subscription');
  await visit(page, invoicePath, 'portal-invoice');
  await visit(page, '/payment/admin/overview', 'admin-overview');
  const customerId = await page.evaluate(async () => {
    const res = await fetch('/payment/api/customers?livemode=false&limit=1');
    const body = await res.json();
    return body.data?.[0]?.id ?? '';
  });
  await visit(page, `/payment/admin/customers/${customerId}`, 'admin-customer');
  await visit(page, '/payment/admin/subscriptions', 'admin-subscriptions');
  await page.goto('/console/blocklets');
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'All applications' }).click();
  await shoot(page, 'console');

  await page.setViewportSize(MOBILE);
  await visit(page, '/', 'store-home-375');
  await visit(page, '/payment/customer', 'portal-home-375');
  await visit(page, '/payment/admin/overview', 'admin-overview-375');
  await context.close();

  const zh = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP, locale: 'zh-CN' });
  await zh.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl }]);
  const zhPage = await zh.newPage();
  await visit(zhPage, '/payment/demo', 'payment-demo-zh');
  await zhPage.getByTestId('demo-link').filter({ hasText: '团队版' }).getByRole('link').first().click();
  await zhPage.getByTestId('payment-form').waitFor();
  await shoot(zhPage, 'checkout-zh');
  await zh.close();
}

ensureChromium();
mkdirSync(outDir, { recursive: true });
const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  await run(browser, server.baseUrl);
} finally {
  await browser.close();
  await server.stop();
}
const heavy = shots.filter((s) => s.kb >= 300);
if (heavy.length > 0) {
  console.error(`over 300 KB: ${heavy.map((s) => `${s.name} ${s.kb} KB`).join(', ')}`);
  process.exitCode = 1;
}
