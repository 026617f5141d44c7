import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fromRandom } from '@ocap/wallet';
import { HeadlessWallet } from '@payshelf/wallet';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tgz } from '../../apps/server/src/store/demo/tar.js';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext, screenshot } from './support/browser.js';
import { signIn } from './support/login.js';

/**
 * Publishing from the web: a developer (a second wallet, given a developer passport by the owner)
 * creates an application, creates an access token (the secret is shown once), uploads a bundle on the
 * page and requests review; the owner starts the review in the console and approves; the application
 * is then in the public list. Every page visited is checked with axe; the developer works at 375 px.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs `page` in with a fresh wallet (not the test wallet, which is the owner); returns its DID. */
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

/** A valid bundle for `did`/`name`: blocklet.json and a README. */
async function bundleFile(did: string, name: string): Promise<string> {
  const manifest = {
    did,
    name,
    version: '1.0.0',
    title: 'E2E Clock',
    description: 'A clock published from the web in the end-to-end test',
    keywords: ['clock'],
    readme: 'README.md',
  };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'store-e2e-'));
  const file = path.join(dir, `${name}-1.0.0.tgz`);
  await writeFile(
    file,
    tgz([
      { name: 'blocklet.json', content: JSON.stringify(manifest) },
      { name: 'README.md', content: '# E2E Clock\n\nTells the time.\n' },
    ]),
  );
  return file;
}

describe('publishing an application from the web', () => {
  it('creates, uploads and requests review as a developer; the admin approves; it is listed', async () => {
    const name = `e2e-clock-${Date.now().toString(36)}`;
    const adminContext = await openContext(browser, { width: 1280, height: 900 });
    const devContext = await openContext(browser, { width: 375, height: 812 });
    await devContext.grantPermissions(['clipboard-read', 'clipboard-write']);
    for (const context of [adminContext, devContext])
      await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const admin = await adminContext.newPage();
    const dev = await devContext.newPage();
    await admin.goto('/');
    await signIn(admin);
    await dev.goto('/');
    const devDid = await signInAs(
      dev,
      new HeadlessWallet(fromRandom(), {
        profile: { fullName: 'Dana Developer', email: 'dana@example.com' },
      }),
    );

    // Without a developer passport the page says what is missing.
    await dev.goto('/developer/blocklets');
    await dev.getByText('A developer passport is needed').waitFor();
    const granted = await admin.evaluate(async (did) => {
      const res = await fetch(`/api/members/${did}/passports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'developer' }),
      });
      return res.status;
    }, devDid);
    expect(granted).toBe(201);

    // Create the application: a bad name is refused as typed, a good one is created with a DID.
    await dev.reload();
    await dev.getByTestId('create-blocklet').click();
    const create = dev.getByTestId('create-blocklet-dialog');
    await create.getByTestId('create-blocklet-name').fill('bad name');
    await create.getByTestId('create-blocklet-submit').click();
    await create.getByText('Use only letters, digits, hyphens and underscores').waitFor();
    await expectAccessible(dev, 'create application dialog (name error)');
    await create.getByTestId('create-blocklet-name').fill(name);
    await create.getByTestId('create-blocklet-submit').click();
    const card = dev.getByTestId(`dev-blocklet-${name}`);
    await card.waitFor();
    await expectAccessible(dev, 'my applications');
    const appDid = await dev.evaluate(async (n) => {
      const res = await fetch('/api/developer/blocklets');
      const body = (await res.json()) as { dataList: Array<{ did: string; name: string }> };
      return body.dataList.find((b) => b.name === n)?.did ?? '';
    }, name);
    expect(appDid).toMatch(/^z/);

    // An access token: its secret is shown once, with the CLI commands.
    await dev.goto('/developer/access-tokens');
    await dev.getByTestId('page-developer-access-tokens').waitFor();
    await expectAccessible(dev, 'access tokens (empty)');
    await dev.getByTestId('create-token').click();
    await dev.getByTestId('token-name').fill('e2e laptop');
    await dev.getByTestId('token-create-submit').click();
    const secret = (await dev.getByTestId('token-secret').textContent()) ?? '';
    expect(secret).toMatch(/^pst_[A-Za-z0-9]{40}$/);
    const shown = (await dev.getByTestId('token-secret-dialog').textContent()) ?? '';
    expect(shown).toContain(`npm run store -- login --store ${baseUrl()} --token ${secret}`);
    await expectAccessible(dev, 'access token shown once');
    await dev.getByRole('button', { name: 'Copy token' }).click();
    expect(await dev.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await dev.getByTestId('token-secret-close').click();
    await dev.getByTestId('token-row-e2e laptop').waitFor();
    expect(await dev.content()).not.toContain(secret);
    // The token works for the CLI's calls.
    const whoami = await dev.evaluate(async (s) => {
      const res = await fetch('/api/developer/whoami', {
        headers: { authorization: `Bearer ${s}` },
        credentials: 'omit',
      });
      return (await res.json()) as { tokenName: string };
    }, secret);
    expect(whoami.tokenName).toBe('e2e laptop');

    // Upload the bundle on the page, then request review.
    await dev.goto('/developer/blocklets');
    await card.waitFor();
    await dev.getByTestId(`upload-input-${name}`).setInputFiles(await bundleFile(appDid, name));
    await dev.getByText('Version 1.0.0 uploaded as a draft').waitFor();
    await card.getByTestId(`request-review-${name}`).click();
    await card.getByText('Pending review').first().waitFor();
    await expectAccessible(dev, 'my applications (pending review)');
    await screenshot(dev, 'store-developer-blocklets-375');

    // The admin adds a category (en and zh names), then reviews in the console.
    const slug = `e2e-tools-${Date.now().toString(36)}`;
    await admin.goto('/console/categories');
    await admin.getByTestId('page-console-categories').waitFor();
    await admin.getByTestId('create-category').click();
    const categoryDialog = admin.getByTestId('category-dialog');
    await categoryDialog.getByTestId('category-slug').fill(slug);
    await categoryDialog.getByTestId('category-en').fill('E2E Tools!');
    await categoryDialog.getByTestId('category-zh').fill('端到端工具');
    await categoryDialog.getByTestId('category-submit').click();
    await categoryDialog.getByText('Use only letters, digits, hyphens, underscores and spaces').waitFor();
    await expectAccessible(admin, 'category dialog (name error)');
    await categoryDialog.getByTestId('category-en').fill('E2E Tools');
    await categoryDialog.getByTestId('category-submit').click();
    await admin.getByTestId(`category-row-${slug}`).waitFor();
    await expectAccessible(admin, 'console categories');

    // Review: start, then approve after confirming.
    await admin.goto('/console/blocklets');
    const row = admin.getByTestId(`console-blocklet-${name}`);
    await row.waitFor();
    await expectAccessible(admin, 'console review queue');
    await row.getByTestId(`start-review-${name}`).click();
    await row.getByTestId(`approve-${name}`).click();
    const approve = admin.getByTestId('approve-dialog');
    await approve.getByText('Approval cannot be undone').waitFor();
    await expectAccessible(admin, 'approve dialog');
    await approve.getByTestId('approve-dialog-confirm').click();
    await admin.getByText(/1\.0\.0 approved/).waitFor();

    // Deleting the category asks first.
    await admin.goto('/console/categories');
    await admin.getByRole('button', { name: 'Delete E2E Tools' }).click();
    await admin.getByTestId('category-delete-dialog').getByText('without a category').waitFor();
    await expectAccessible(admin, 'delete category dialog');
    await admin.getByTestId('category-delete-dialog-confirm').click();
    await admin.getByTestId(`category-row-${slug}`).waitFor({ state: 'detached' });

    // The developer sees it published; anyone finds it in the public list.
    await dev.reload();
    await card.getByText('Published').first().waitFor();
    const visitor = await (await openContext(browser)).newPage();
    await visitor.goto('/');
    await expectAccessible(visitor, 'store home');
    const listed = await visitor.evaluate(async () => {
      const res = await fetch('/api/blocklets.json?sort=updated&pageSize=100');
      return ((await res.json()) as { dataList: Array<{ name: string }> }).dataList.map((b) => b.name);
    });
    expect(listed).toContain(name);
    await adminContext.close();
    await devContext.close();
  }, 120_000);
});
