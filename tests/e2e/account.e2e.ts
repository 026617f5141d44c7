import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { launchBrowser, openContext } from './support/browser.js';
import { signIn } from './support/login.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('user centre and domain settings', () => {
  it('opens from the user menu, saves a new name the header shows, and lists this browser', async () => {
    const context = await openContext(browser, { width: 1440 });
    const page = await context.newPage();
    await page.goto('/');
    const did = await signIn(page);

    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('user-menu-profile').click();
    await page.getByTestId('page-profile').waitFor();
    expect(await page.getByTestId('profile-did').textContent()).toContain(did);
    const rows = page.getByTestId('session-row');
    await rows.first().waitFor();
    expect(await rows.filter({ hasText: 'This browser' }).count()).toBe(1);
    await expectAccessible(page, 'user centre');

    const name = page.getByTestId('profile-name');
    const before = await name.inputValue();
    await name.fill('Ada Lovelace');
    await page.getByTestId('profile-save').click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.getByTestId('user-menu-button').click();
    await expect.poll(() => page.getByRole('menu').textContent()).toContain('Ada Lovelace');
    await page.keyboard.press('Escape');

    // Put the name back for the other tests.
    await name.fill(before || 'Test User');
    await page.getByTestId('profile-save').click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await context.close();
  });

  it('shows owners the address in use and saves a public URL for the next start, in Chinese too', async () => {
    const context = await openContext(browser, { width: 900 });
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page);
    await page.goto('/.well-known/service/admin/domains');
    await page.getByTestId('page-domains').waitFor();
    expect(await page.getByTestId('domains-host').textContent()).toBe(new URL(page.url()).host);
    await expectAccessible(page, 'domain settings');

    await page.getByTestId('domains-field').fill('ftp://nope');
    await page.getByTestId('domains-save').click();
    await page.getByRole('alert').waitFor();
    await page.getByTestId('domains-field').fill('https://shop.example.com');
    await page.getByTestId('domains-save').click();
    await page.getByRole('status').filter({ hasText: 'next time' }).waitFor();
    // Clear it again: the test server must keep answering on its own address.
    await page.getByTestId('domains-field').fill('');
    await page.getByTestId('domains-save').click();
    await page.getByRole('status').waitFor();

    await page.goto('/.well-known/service/admin/domains?locale=zh');
    await page.getByRole('heading', { name: '域名', exact: true }).waitFor();
    await expectAccessible(page, 'domain settings (zh)');
    await context.close();
  });
});
