import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { fromRandom } from '@ocap/wallet';
import { HeadlessWallet } from '@payshelf/wallet';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext } from './support/browser.js';
import { signIn } from './support/login.js';

/**
 * Publishing from the command line: a developer creates an access token on the page, the real CLI
 * (`payshelf-store`, spawned as a child process) publishes a folder with it and a changelog, the
 * developer requests review, the admin finds the app in the console (searched on the server) and
 * approves, and a visitor finds it on `/`, its version marked signed with its changelog. Every page
 * visited is checked with axe.
 */
const CLI = fileURLToPath(new URL('../../packages/store-cli/dist/cli.js', import.meta.url));
const run = promisify(execFile);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const randomDid = () => `z${[...randomBytes(30)].map((b) => BASE58[b % 58]).join('')}`;

/** Signs `page` in with `wallet` (not the test wallet, which is the owner); returns its DID. */
async function signInAs(page: Page, wallet: HeadlessWallet): Promise<string> {
  const { token, url } = await page.evaluate(async () => {
    const res = await fetch('/api/did/login/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ locale: 'en' }),
    });
    return (await res.json()) as { token: string; url: string };
  });
  await wallet.approve(url);
  const did = await page.evaluate(async (t) => {
    for (let i = 0; i < 50; i += 1) {
      const status = (await fetch(`/api/did/login/status?_t_=${t}`).then((r) => r.json())) as {
        status: string;
        did?: string;
      };
      if (status.status === 'succeed' && status.did) return status.did;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('login did not succeed');
  }, token);
  await page.reload();
  await page.getByTestId('user-menu-button').waitFor();
  return did;
}

describe('publishing with the command-line tool', () => {
  it('token in the UI, CLI upload, review in the console, listed on the home page', async () => {
    const stamp = Date.now().toString(36);
    const name = `cli-timer-${stamp}`;
    const title = `CLI Timer ${stamp}`;
    const adminContext = await openContext(browser, { width: 1280, height: 900 });
    const devContext = await openContext(browser, { width: 1024, height: 800 });
    for (const context of [adminContext, devContext])
      await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const admin = await adminContext.newPage();
    const dev = await devContext.newPage();
    await admin.goto('/');
    await signIn(admin);
    await dev.goto('/');
    const devDid = await signInAs(
      dev,
      new HeadlessWallet(fromRandom(), { profile: { fullName: 'Cleo Cli', email: 'cleo@example.com' } }),
    );
    const granted = await admin.evaluate(async (did) => {
      const res = await fetch(`/api/members/${did}/passports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'developer' }),
      });
      return res.status;
    }, devDid);
    expect(granted).toBe(201);

    // The developer creates an access token on the page; its secret is shown once.
    await dev.goto('/developer/access-tokens');
    await dev.getByTestId('page-developer-access-tokens').waitFor();
    await dev.getByTestId('create-token').click();
    await dev.getByTestId('token-name').fill('cli e2e');
    await dev.getByTestId('token-create-submit').click();
    const secret = (await dev.getByTestId('token-secret').textContent()) ?? '';
    expect(secret).toMatch(/^pst_[A-Za-z0-9]{40}$/);
    await expectAccessible(dev, 'access token shown once (cli)');
    await dev.getByTestId('token-secret-close').click();

    // The CLI, as a child process, bundles a folder and publishes it with the token and a changelog.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'store-cli-e2e-'));
    const did = randomDid();
    await writeFile(
      path.join(dir, 'blocklet.json'),
      JSON.stringify({
        did,
        name,
        version: '1.0.0',
        title,
        description: 'A timer published with the command-line tool',
        keywords: ['timer'],
        readme: 'README.md',
      }),
    );
    await writeFile(path.join(dir, 'README.md'), `# ${title}\n\nCounts down.\n`);
    const env = {
      ...process.env,
      CI: '1',
      PAYSHELF_STORE_CONFIG: path.join(dir, 'store-cli.json'),
    };
    const login = await run(process.execPath, [CLI, 'login', '--store', baseUrl(), '--token', secret], {
      env,
    });
    expect(login.stdout).toContain('Saved the token');
    const published = await run(
      process.execPath,
      [CLI, 'publish', dir, '--changelog', 'First release: **countdown**', '--json'],
      { env, timeout: 60_000 },
    );
    expect(JSON.parse(published.stdout)).toMatchObject({ status: 'uploaded', did, version: '1.0.0' });

    // The developer asks for review on the page.
    await dev.goto('/developer/blocklets');
    const card = dev.getByTestId(`dev-blocklet-${name}`);
    await card.waitFor();
    // The version row (in the card's versions section) says the CLI's upload was signed.
    await card.getByRole('button', { name: /Versions/ }).click();
    await card.getByText('Signed').first().waitFor();
    await card.getByTestId(`request-review-${name}`).click();
    await card.getByText('Pending review').first().waitFor();
    await expectAccessible(dev, 'my applications (cli upload, pending review)');

    // The admin finds it in the console (the search runs on the server) and approves.
    await admin.goto('/console/blocklets');
    await admin.getByTestId('page-console-blocklets').waitFor();
    await admin.getByTestId('console-search').fill(name);
    const row = admin.getByTestId(`console-blocklet-${name}`);
    await row.waitFor();
    await expectAccessible(admin, 'console review queue (searched)');
    await row.getByTestId(`start-review-${name}`).click();
    await row.getByTestId(`approve-${name}`).click();
    await admin.getByTestId('approve-dialog-confirm').click();
    await admin.getByText(/1\.0\.0 approved/).waitFor();

    // A visitor finds it on the home page and sees the signed version with its changelog.
    const visitor = await (await openContext(browser)).newPage();
    await visitor.goto('/');
    await visitor.getByTestId('store-search').fill(title);
    const found = visitor.getByTestId('app-card').filter({ hasText: title });
    await found.waitFor();
    await expectAccessible(visitor, 'store home (searched, cli app)');
    await found.getByRole('link').first().click();
    await visitor.getByTestId('page-application-detail').waitFor();
    await visitor.getByTestId('signed-1.0.0').waitFor();
    expect(await visitor.getByTestId('changelog-1.0.0').innerHTML()).toContain('<strong>countdown</strong>');
    await expectAccessible(visitor, 'application detail (signed, changelog)');
    await adminContext.close();
    await devContext.close();
  }, 180_000);
});
