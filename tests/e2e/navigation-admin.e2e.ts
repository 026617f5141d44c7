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

describe('navigation editor', () => {
  it('is reached from Manage, names the bad field of a refused document, and saves a rename the header shows', async () => {
    const context = await openContext(browser, { width: 1440 });
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page);

    await page.getByTestId('session-manager-button').click();
    await page.getByTestId('session-manager-manage').waitFor();
    await expectAccessible(page, 'session manager menu');
    await page.getByTestId('session-manager-manage').click();
    await page.getByTestId('page-navigation-admin').waitFor();
    const editor = page.getByTestId('navigation-admin-document');
    await editor.waitFor();
    const original = await editor.inputValue();
    const document = JSON.parse(original) as { items: Array<{ id: string; title: unknown }> };

    // Two items with one id: the server refuses it and the page says where.
    const duplicate = { ...document, items: [...document.items, { ...document.items[0] }] };
    await editor.fill(JSON.stringify(duplicate, null, 2));
    await page.getByTestId('navigation-admin-save').click();
    const error = page.getByTestId('navigation-admin-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/items/);
    await expectAccessible(page, 'navigation editor with an error');

    // Rename the first header item; the header shows the new title once saved.
    const first = document.items[0];
    if (!first) throw new Error('the default navigation has items');
    first.title = { en: 'Apps', zh: '应用商店' };
    await editor.fill(JSON.stringify(document, null, 2));
    await page.getByTestId('navigation-admin-save').click();
    await page.getByTestId('navigation-admin-error').waitFor({ state: 'detached' });
    await page
      .getByTestId('nav-item')
      .or(page.getByTestId('nav-group'))
      .filter({ hasText: 'Apps' })
      .first()
      .waitFor();

    // Put the original back for the other tests.
    await editor.fill(original);
    await page.getByTestId('navigation-admin-save').click();
    await page
      .getByTestId('nav-item')
      .or(page.getByTestId('nav-group'))
      .filter({ hasText: 'Store' })
      .first()
      .waitFor();
    await context.close();
  });
});
