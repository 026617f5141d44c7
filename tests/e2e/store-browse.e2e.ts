import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { launchBrowser, openContext } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const cardTitles = (page: Page) => page.getByTestId('app-card').locator('h2').allTextContents();

/** Waits until the list shows exactly `titles` (in any order). */
async function expectCards(page: Page, titles: string[]): Promise<void> {
  await expect
    .poll(async () => (await cardTitles(page)).sort(), { timeout: 10_000 })
    .toEqual([...titles].sort());
}

describe('store browsing (the demo store)', () => {
  it('a newcomer browses, searches in English and Chinese, filters, and opens an application', async () => {
    const context = await openContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('app-list').waitFor();
    expect((await cardTitles(page)).length).toBeGreaterThanOrEqual(4);
    // Sorted by downloads: Markdown Notes (342) comes first.
    expect((await cardTitles(page))[0]).toBe('Markdown Notes');
    await expectAccessible(page, 'store home');

    // Search as you type: the address follows after the debounce.
    const search = page.getByTestId('store-search');
    await search.fill('webhook');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'webhook');
    await expectCards(page, ['Webhook Inspector']);
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe('1 application');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page, 'search results');

    // A Chinese word from a title.
    await search.fill('发票');
    await expectCards(page, ['发票助手 Invoice Tracker']);

    // Filters: paid apps only, then one category.
    await search.fill('');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('filter-price').click();
    await page.getByRole('option', { name: 'Paid', exact: true }).click();
    // Paid applications are not sold yet, so no demo application is priced.
    await page.getByTestId('empty-state').waitFor();
    await expectCards(page, []);
    await page.getByTestId('filter-price').click();
    await page.getByRole('option', { name: 'Free and paid' }).click();
    await page.getByTestId('filter-category').click();
    await page.getByRole('option', { name: 'Productivity', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/category/productivity');
    await expectCards(page, ['Image Resizer', 'Markdown Notes']);
    await expectAccessible(page, 'category page');

    // Sort by title.
    await page.getByTestId('sort').click();
    await page.getByRole('option', { name: 'Title (A–Z)' }).click();
    await expect.poll(() => cardTitles(page)).toEqual(['Image Resizer', 'Markdown Notes']);

    // Open an app: logo, screenshots, README, versions, chart, download.
    await page.getByRole('link', { name: /Markdown Notes/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Markdown Notes' }).waitFor();
    const readme = page.getByTestId('readme');
    await readme.waitFor();
    expect(await readme.locator('h3').first().textContent()).toBe('Markdown Notes');
    expect(await readme.locator('script').count()).toBe(0);
    const gallery = page.getByTestId('screenshot-gallery');
    const shot = gallery.locator('img').first();
    await expect
      .poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(320);
    expect(await shot.getAttribute('alt')).toBe('Screenshot 1 of 2 of Markdown Notes');
    await page.getByRole('button', { name: 'Next screenshot' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shot.getAttribute('alt')).toBe('Screenshot 2 of 2 of Markdown Notes');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shot.getAttribute('alt')).toBe('Screenshot 1 of 2 of Markdown Notes');
    await page.getByTestId('versions-list').waitFor();
    await page.getByTestId('downloads-chart').waitFor();
    const href = await page.getByTestId('download-button').getAttribute('href');
    expect(href).toMatch(/\/markdown-notes-1\.0\.0\.tgz$/);
    const download = await page.request.get(href ?? '');
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/x-gzip');
    await expectAccessible(page, 'application detail');

    // An unknown application: the not-found state.
    await page.goto('/blocklet/z8iZpUnknownUnknownUnknown11111');
    await page.getByTestId('empty-state').waitFor();
    await expectAccessible(page, 'unknown application');
    await context.close();
  });

  it('shows the list and the detail page in Chinese', async () => {
    const context = await openContext(browser, { locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/search?q=笔记');
    await expectCards(page, ['Markdown Notes']);
    expect(await page.getByTestId('app-card').first().textContent()).toContain('免费');
    await expectAccessible(page, 'search results in Chinese');
    await page.getByRole('link', { name: /Markdown Notes/ }).click();
    await page.getByRole('heading', { level: 2, name: '说明文档' }).waitFor();
    await expectAccessible(page, 'application detail in Chinese');
    await context.close();
  });
});
